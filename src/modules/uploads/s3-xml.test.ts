import { describe, expect, it } from "vitest";
import { completedXml, namedParts, partsXml } from "./s3-xml";

describe("namedParts", () => {
  it("reads the parts a CompleteMultipartUpload names, in its order, with their ETags unquoted", () => {
    const xml =
      '<?xml version="1.0"?><CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      "<Part><PartNumber>1</PartNumber><ETag>&quot;aa&quot;</ETag></Part>" +
      '<Part><ETag>"bb"</ETag><PartNumber> 3 </PartNumber></Part>' +
      "<Part><PartNumber>2</PartNumber><ETag>cc</ETag></Part></CompleteMultipartUpload>";
    expect(namedParts(xml)).toEqual([
      { partNumber: 1, etag: "aa" },
      { partNumber: 3, etag: "bb" },
      { partNumber: 2, etag: "cc" },
    ]);
  });

  it.each([
    ["another document", "<ListPartsResult><Part><PartNumber>1</PartNumber><ETag>a</ETag></Part></ListPartsResult>"],
    [
      "a part without its ETag",
      "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber></Part></CompleteMultipartUpload>",
    ],
    ["a part without a number", "<CompleteMultipartUpload><Part><ETag>a</ETag></Part></CompleteMultipartUpload>"],
    ["not XML", "parts: 1, 2"],
  ])("refuses %s", (_, xml) => {
    expect(namedParts(xml)).toBeNull();
  });
});

it("escapes what it writes, so a key cannot open an element", () => {
  expect(completedXml("/uploads/a&b", "uploads", "a<b>", "e")).toContain("<Key>a&lt;b&gt;</Key>");
  expect(partsXml("uploads", "k", "u", [{ partNumber: 1, size: 5, etag: "e" }], true)).toContain(
    '<IsTruncated>true</IsTruncated><Part><PartNumber>1</PartNumber><ETag>"e"</ETag><Size>5</Size></Part>',
  );
});
