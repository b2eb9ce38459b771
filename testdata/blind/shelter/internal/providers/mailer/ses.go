// Package mailer sends transactional e-mail through Amazon SES (v2 API).
package mailer

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"

	"github.com/brindlewood-labs/shelternet/internal/config"
)

// Email is one outgoing message.
type Email struct {
	To       string
	ReplyTo  string
	Subject  string
	Text     string
	HTML     string
	Category string
}

// SES wraps the SES v2 client.
type SES struct {
	client    *sesv2.Client
	from      string
	configSet string
}

func NewSES(ctx context.Context, cfg config.Config) (*SES, error) {
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.SESRegion))
	if err != nil {
		return nil, fmt.Errorf("load aws config: %w", err)
	}
	return &SES{client: sesv2.NewFromConfig(awsCfg), from: cfg.SESFromAddress, configSet: cfg.SESConfigSet}, nil
}

// Send delivers the message and returns the SES message ID.
func (s *SES) Send(ctx context.Context, e Email) (string, error) {
	in := &sesv2.SendEmailInput{
		FromEmailAddress: aws.String(s.from),
		Destination:      &types.Destination{ToAddresses: []string{e.To}},
		Content: &types.EmailContent{
			Simple: &types.Message{
				Subject: &types.Content{Data: aws.String(e.Subject), Charset: aws.String("UTF-8")},
				Body:    &types.Body{Text: &types.Content{Data: aws.String(e.Text), Charset: aws.String("UTF-8")}},
			},
		},
	}
	if e.HTML != "" {
		in.Content.Simple.Body.Html = &types.Content{Data: aws.String(e.HTML), Charset: aws.String("UTF-8")}
	}
	if e.ReplyTo != "" {
		in.ReplyToAddresses = []string{e.ReplyTo}
	}
	if s.configSet != "" {
		in.ConfigurationSetName = aws.String(s.configSet)
	}
	if e.Category != "" {
		in.EmailTags = []types.MessageTag{{Name: aws.String("category"), Value: aws.String(e.Category)}}
	}
	out, err := s.client.SendEmail(ctx, in)
	if err != nil {
		return "", fmt.Errorf("ses send to %s: %w", e.To, err)
	}
	return aws.ToString(out.MessageId), nil
}
