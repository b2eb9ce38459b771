// Package sesmail sends transactional e-mail through Amazon SES v2.
package sesmail

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
)

// API is the part of the SES client the mailer uses.
type API interface {
	SendEmail(ctx context.Context, in *sesv2.SendEmailInput, optFns ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error)
}

// Email is one outgoing message.
type Email struct {
	To       string
	Subject  string
	HTMLBody string
	TextBody string
	Tags     map[string]string
}

// Mailer sends e-mail from a fixed sender and configuration set.
type Mailer struct {
	api       API
	from      string
	configSet string
}

// New builds a Mailer.
func New(api API, from, configSet string) *Mailer {
	return &Mailer{api: api, from: from, configSet: configSet}
}

// Send sends e and returns the SES message id. SES has no request
// de-duplication: every successful call delivers a message.
func (m *Mailer) Send(ctx context.Context, e Email) (string, error) {
	in := &sesv2.SendEmailInput{
		FromEmailAddress: aws.String(m.from),
		Destination:      &types.Destination{ToAddresses: []string{e.To}},
		Content: &types.EmailContent{
			Simple: &types.Message{
				Subject: &types.Content{Data: aws.String(e.Subject)},
				Body: &types.Body{
					Html: &types.Content{Data: aws.String(e.HTMLBody)},
					Text: &types.Content{Data: aws.String(e.TextBody)},
				},
			},
		},
	}
	if m.configSet != "" {
		in.ConfigurationSetName = aws.String(m.configSet)
	}
	for k, v := range e.Tags {
		in.EmailTags = append(in.EmailTags, types.MessageTag{Name: aws.String(k), Value: aws.String(v)})
	}
	out, err := m.api.SendEmail(ctx, in)
	if err != nil {
		return "", fmt.Errorf("ses send: %w", err)
	}
	return aws.ToString(out.MessageId), nil
}
