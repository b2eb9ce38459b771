// Package types is a stub of github.com/aws/aws-sdk-go-v2/service/ses/types v1.43.0 for analysistest.
package types

type Destination struct {
	BccAddresses []string
	CcAddresses  []string
	ToAddresses  []string
}

type Message struct {
	Body    *Body
	Subject *Content
}

type Content struct {
	Data    *string
	Charset *string
}

type Body struct {
	Html *Content
	Text *Content
}

type RawMessage struct {
	Data []byte
}

type MessageTag struct {
	Name  *string
	Value *string
}
