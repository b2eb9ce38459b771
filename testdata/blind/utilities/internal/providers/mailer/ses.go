// Package mailer sends transactional e-mail through Amazon SES (v2 API).
// SES has no request deduplication: every SendEmail call sends a message.
package mailer

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
)

// Message is a rendered e-mail.
type Message struct {
	To      string
	Subject string
	HTML    string
	Text    string
	Tags    map[string]string
}

// Mailer sends e-mail and returns the provider's message ID.
type Mailer interface {
	Send(ctx context.Context, m Message) (string, error)
}

type SESAPI interface {
	SendEmail(ctx context.Context, params *sesv2.SendEmailInput, optFns ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error)
}

type Config struct {
	From             string
	ConfigurationSet string
}

type sesMailer struct {
	api SESAPI
	cfg Config
}

func NewSES(api SESAPI, cfg Config) Mailer {
	return &sesMailer{api: api, cfg: cfg}
}

func (s *sesMailer) Send(ctx context.Context, m Message) (string, error) {
	var tags []types.MessageTag
	for k, v := range m.Tags {
		tags = append(tags, types.MessageTag{Name: aws.String(k), Value: aws.String(v)})
	}
	out, err := s.api.SendEmail(ctx, &sesv2.SendEmailInput{
		FromEmailAddress:     aws.String(s.cfg.From),
		ConfigurationSetName: aws.String(s.cfg.ConfigurationSet),
		Destination:          &types.Destination{ToAddresses: []string{m.To}},
		Content: &types.EmailContent{
			Simple: &types.Message{
				Subject: &types.Content{Data: aws.String(m.Subject), Charset: aws.String("UTF-8")},
				Body: &types.Body{
					Html: &types.Content{Data: aws.String(m.HTML), Charset: aws.String("UTF-8")},
					Text: &types.Content{Data: aws.String(m.Text), Charset: aws.String("UTF-8")},
				},
			},
		},
		EmailTags: tags,
	})
	if err != nil {
		return "", fmt.Errorf("ses send: %w", err)
	}
	return aws.ToString(out.MessageId), nil
}
