// Package mailer sends transactional e-mail through Amazon SES v2.
package mailer

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
)

type Message struct {
	To       string
	Subject  string
	TextBody string
	HTMLBody string
	Tags     map[string]string
}

// Sender is what the services depend on.
type Sender interface {
	Send(ctx context.Context, m Message) (providerMessageID string, err error)
}

type SESSender struct {
	client           *sesv2.Client
	from             string
	configurationSet string
}

func NewSESSender(client *sesv2.Client, from string) *SESSender {
	return &SESSender{client: client, from: from, configurationSet: "loyalty-transactional"}
}

func (s *SESSender) Send(ctx context.Context, m Message) (string, error) {
	body := &types.Body{Text: &types.Content{Data: aws.String(m.TextBody), Charset: aws.String("UTF-8")}}
	if m.HTMLBody != "" {
		body.Html = &types.Content{Data: aws.String(m.HTMLBody), Charset: aws.String("UTF-8")}
	}
	var tags []types.MessageTag
	for k, v := range m.Tags {
		tags = append(tags, types.MessageTag{Name: aws.String(k), Value: aws.String(v)})
	}
	out, err := s.client.SendEmail(ctx, &sesv2.SendEmailInput{
		FromEmailAddress:     aws.String(s.from),
		Destination:          &types.Destination{ToAddresses: []string{m.To}},
		ConfigurationSetName: aws.String(s.configurationSet),
		EmailTags:            tags,
		Content: &types.EmailContent{Simple: &types.Message{
			Subject: &types.Content{Data: aws.String(m.Subject), Charset: aws.String("UTF-8")},
			Body:    body,
		}},
	})
	if err != nil {
		return "", fmt.Errorf("ses send: %w", err)
	}
	return aws.ToString(out.MessageId), nil
}
