import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Text } from "@react-email/components";
import { EMAIL_COLORS, emailStyles } from "./email-style";

export interface ConfirmationEmailProps {
  siteName: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}

/** The message that asks a new reader to confirm their address, in the site's voice. */
export function ConfirmationEmail({ siteName, confirmUrl, unsubscribeUrl }: ConfirmationEmailProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>One click, and the mildly interesting things start arriving.</Preview>
      <Body style={emailStyles.body}>
        <Container style={emailStyles.container}>
          <Heading style={emailStyles.heading}>Confirm your subscription to {siteName}</Heading>
          <Text style={emailStyles.text}>
            Someone, presumably you, asked for {siteName} by email: one or two messages a month, when something new has
            been noticed. Nothing dramatic. That is rather the point.
          </Text>
          <Button href={confirmUrl} style={emailStyles.button}>
            Confirm my subscription
          </Button>
          <Text style={emailStyles.text}>
            If it was not you, do nothing: without a confirmation this address is forgotten within a week.
          </Text>
          <Hr style={{ borderColor: EMAIL_COLORS.border }} />
          <Text style={emailStyles.footer}>
            Changed your mind already? <Link href={unsubscribeUrl}>Unsubscribe</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
