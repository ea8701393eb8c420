import { Body, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text } from "@react-email/components";
import type { IssueItem } from "../issue-item";
import { EMAIL_COLORS, emailStyles } from "./email-style";

export interface IssueEmailProps {
  siteName: string;
  siteUrl: string;
  subject: string;
  items: IssueItem[];
  unsubscribeUrl: string;
}

const KIND = { post: "Read the post", video: "Watch the video" } as const;

/**
 * An issue of the newsletter: what was noticed, each with its picture, a few lines and a
 * plain link to the site. No tracking pixel, no rewritten links: a reader's click goes
 * straight to the page.
 */
export function IssueEmail({ siteName, siteUrl, subject, items, unsubscribeUrl }: IssueEmailProps) {
  const [first] = items;
  // A one-item issue is named for its item by default: its heading is then not said twice.
  const titled = (item: IssueItem) => !(items.length === 1 && item.title === subject);
  return (
    <Html lang="en">
      <Head />
      <Preview>
        {first && items.length > 1
          ? `${first.title}, and other things of modest interest.`
          : (first?.summary ?? subject)}
      </Preview>
      <Body style={emailStyles.body}>
        <Container style={emailStyles.container}>
          <Text style={emailStyles.footer}>
            <Link href={siteUrl} style={{ color: EMAIL_COLORS.muted }}>
              {siteName}
            </Link>
          </Text>
          <Heading style={emailStyles.heading}>
            {/* Named for its one item, the issue's heading is that item's link, said once. */}
            {first && !titled(first) ? (
              <Link href={first.url} style={{ color: EMAIL_COLORS.text }}>
                {subject}
              </Link>
            ) : (
              subject
            )}
          </Heading>
          <Text style={emailStyles.text}>
            {items.length === 1
              ? "Something new has been noticed. It is about as exciting as you would expect."
              : `${String(items.length)} new things have been noticed since last time. Pace yourself.`}
          </Text>
          {items.map((item) => (
            <Section key={item.url} style={{ margin: "24px 0" }}>
              {item.image ? (
                <Link href={item.url}>
                  <Img src={item.image.src} alt={item.image.alt} width="496" style={emailStyles.image} />
                </Link>
              ) : null}
              {titled(item) && (
                <Heading as="h2" style={emailStyles.itemHeading}>
                  <Link href={item.url} style={{ color: EMAIL_COLORS.text }}>
                    {item.title}
                  </Link>
                </Heading>
              )}
              <Text style={emailStyles.text}>{item.summary}</Text>
              {item.body && (
                // The site's own renderer's sanitised HTML: the essay as its page reads, notes at its end.
                <div style={emailStyles.text} dangerouslySetInnerHTML={{ __html: item.body }} />
              )}
              <Link href={item.url} style={{ color: EMAIL_COLORS.accent }}>
                {KIND[item.kind]}
              </Link>
            </Section>
          ))}
          <Hr style={{ borderColor: EMAIL_COLORS.border }} />
          <Text style={emailStyles.footer}>
            You are getting this because you asked for {siteName} by email, one or two messages a month. Had enough? No
            hard feelings: <Link href={unsubscribeUrl}>unsubscribe</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
