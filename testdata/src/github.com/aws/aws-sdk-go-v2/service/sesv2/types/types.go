// Package types is a stub of github.com/aws/aws-sdk-go-v2/service/sesv2/types v1.79.9 for analysistest.
package types

type AttachmentContentDisposition string
type AttachmentContentTransferEncoding string
type BulkEmailStatus string
type FeatureStatus string

type EmailContent struct {
	Raw      *RawMessage
	Simple   *Message
	Template *Template
}

type Destination struct {
	BccAddresses []string
	CcAddresses  []string
	ToAddresses  []string
}

type Message struct {
	Body        *Body
	Subject     *Content
	Attachments []Attachment
	Headers     []MessageHeader
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

type Template struct {
	Attachments     []Attachment
	Headers         []MessageHeader
	TemplateArn     *string
	TemplateContent *EmailTemplateContent
	TemplateData    *string
	TemplateName    *string
}

type EmailTemplateContent struct {
	Html    *string
	Subject *string
	Text    *string
}

type MessageTag struct {
	Name  *string
	Value *string
}

type MessageHeader struct {
	Name  *string
	Value *string
}

type Attachment struct {
	FileName                *string
	RawContent              []byte
	ContentDescription      *string
	ContentDisposition      AttachmentContentDisposition
	ContentId               *string
	ContentTransferEncoding AttachmentContentTransferEncoding
	ContentType             *string
}

type ListManagementOptions struct {
	ContactListName *string
	TopicName       *string
}

type TrackingConfigurationOverrides struct {
	ClickTrackingEnabled FeatureStatus
	OpenTrackingEnabled  FeatureStatus
}

type ConfigurationOverrides struct {
	Tracking *TrackingConfigurationOverrides
}

type BulkEmailEntry struct {
	Destination             *Destination
	ReplacementEmailContent *ReplacementEmailContent
	ReplacementHeaders      []MessageHeader
	ReplacementTags         []MessageTag
}

type BulkEmailContent struct {
	Template *Template
}

type BulkEmailEntryResult struct {
	Error     *string
	MessageId *string
	Status    BulkEmailStatus
}

type ReplacementEmailContent struct {
	ReplacementTemplate *ReplacementTemplate
}

type ReplacementTemplate struct {
	ReplacementTemplateData *string
}
