// Package ses is a stub of github.com/aws/aws-sdk-go-v2/service/ses v1.43.0 for analysistest.
package ses

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ses/types"
)

type Options struct {
	Region string
}

type Client struct{ options Options }

func New(options Options, optFns ...func(*Options)) *Client          { return &Client{} }
func NewFromConfig(cfg aws.Config, optFns ...func(*Options)) *Client { return &Client{} }

type SendEmailInput struct {
	Destination          *types.Destination
	Message              *types.Message
	Source               *string
	ConfigurationSetName *string
	ReplyToAddresses     []string
	ReturnPath           *string
	ReturnPathArn        *string
	SourceArn            *string
	Tags                 []types.MessageTag
}

type SendEmailOutput struct {
	MessageId *string
}

type SendRawEmailInput struct {
	RawMessage           *types.RawMessage
	ConfigurationSetName *string
	Destinations         []string
	FromArn              *string
	ReturnPathArn        *string
	Source               *string
	SourceArn            *string
	Tags                 []types.MessageTag
}

type SendRawEmailOutput struct {
	MessageId *string
}

type SendTemplatedEmailInput struct {
	Destination          *types.Destination
	Source               *string
	Template             *string
	TemplateData         *string
	ConfigurationSetName *string
	ReplyToAddresses     []string
	ReturnPath           *string
	ReturnPathArn        *string
	SourceArn            *string
	Tags                 []types.MessageTag
	TemplateArn          *string
}

type SendTemplatedEmailOutput struct {
	MessageId *string
}

func (c *Client) SendEmail(ctx context.Context, params *SendEmailInput, optFns ...func(*Options)) (*SendEmailOutput, error) {
	return nil, nil
}
func (c *Client) SendRawEmail(ctx context.Context, params *SendRawEmailInput, optFns ...func(*Options)) (*SendRawEmailOutput, error) {
	return nil, nil
}
func (c *Client) SendTemplatedEmail(ctx context.Context, params *SendTemplatedEmailInput, optFns ...func(*Options)) (*SendTemplatedEmailOutput, error) {
	return nil, nil
}
