// Package mailer sends patron e-mail through Amazon SES (v2 API).
package mailer

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
)

// Message is one e-mail to one patron.
type Message struct {
	To      string
	Subject string
	Text    string
	HTML    string
	// Tags are attached for SES event publishing (bounce and open metrics).
	Tags map[string]string
}

// Sender is the interface the notification service depends on.
type Sender interface {
	Send(ctx context.Context, m Message) (messageID string, err error)
}

// SESAPI is the part of the SES client used here.
type SESAPI interface {
	SendEmail(ctx context.Context, in *sesv2.SendEmailInput, optFns ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error)
}

// SES sends through SendEmail with a simple (non-raw) message.
type SES struct {
	api       SESAPI
	from      string
	configSet string
}

// NewSES returns an SES sender.
func NewSES(api SESAPI, from, configSet string) *SES {
	return &SES{api: api, from: from, configSet: configSet}
}

// Send delivers m and returns the SES message id.
func (s *SES) Send(ctx context.Context, m Message) (string, error) {
	body := &types.Body{Text: &types.Content{Data: aws.String(m.Text), Charset: aws.String("UTF-8")}}
	if m.HTML != "" {
		body.Html = &types.Content{Data: aws.String(m.HTML), Charset: aws.String("UTF-8")}
	}
	in := &sesv2.SendEmailInput{
		FromEmailAddress: aws.String(s.from),
		Destination:      &types.Destination{ToAddresses: []string{m.To}},
		Content: &types.EmailContent{Simple: &types.Message{
			Subject: &types.Content{Data: aws.String(m.Subject), Charset: aws.String("UTF-8")},
			Body:    body,
		}},
	}
	if s.configSet != "" {
		in.ConfigurationSetName = aws.String(s.configSet)
	}
	for k, v := range m.Tags {
		in.EmailTags = append(in.EmailTags, types.MessageTag{Name: aws.String(k), Value: aws.String(v)})
	}
	out, err := s.api.SendEmail(ctx, in)
	if err != nil {
		return "", fmt.Errorf("mailer: send to %s: %w", m.To, err)
	}
	return aws.ToString(out.MessageId), nil
}
