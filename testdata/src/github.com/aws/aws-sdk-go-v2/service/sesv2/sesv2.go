// Package sesv2 is a stub of github.com/aws/aws-sdk-go-v2/service/sesv2 v1.79.9 for analysistest.
package sesv2

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
)

type Options struct {
	Region string
}

type Client struct{ options Options }

func New(options Options, optFns ...func(*Options)) *Client          { return &Client{} }
func NewFromConfig(cfg aws.Config, optFns ...func(*Options)) *Client { return &Client{} }

type SendEmailInput struct {
	Content                                   *types.EmailContent
	ConfigurationOverrides                    *types.ConfigurationOverrides
	ConfigurationSetName                      *string
	Destination                               *types.Destination
	EmailTags                                 []types.MessageTag
	EndpointId                                *string
	FeedbackForwardingEmailAddress            *string
	FeedbackForwardingEmailAddressIdentityArn *string
	FromEmailAddress                          *string
	FromEmailAddressIdentityArn               *string
	ListManagementOptions                     *types.ListManagementOptions
	ReplyToAddresses                          []string
	TenantName                                *string
}

type SendEmailOutput struct {
	MessageId *string
}

type SendBulkEmailInput struct {
	BulkEmailEntries                          []types.BulkEmailEntry
	DefaultContent                            *types.BulkEmailContent
	ConfigurationOverrides                    *types.ConfigurationOverrides
	ConfigurationSetName                      *string
	DefaultEmailTags                          []types.MessageTag
	EndpointId                                *string
	FeedbackForwardingEmailAddress            *string
	FeedbackForwardingEmailAddressIdentityArn *string
	FromEmailAddress                          *string
	FromEmailAddressIdentityArn               *string
	ReplyToAddresses                          []string
	TenantName                                *string
}

type SendBulkEmailOutput struct {
	BulkEmailEntryResults []types.BulkEmailEntryResult
}

func (c *Client) SendEmail(ctx context.Context, params *SendEmailInput, optFns ...func(*Options)) (*SendEmailOutput, error) {
	return nil, nil
}
func (c *Client) SendBulkEmail(ctx context.Context, params *SendBulkEmailInput, optFns ...func(*Options)) (*SendBulkEmailOutput, error) {
	return nil, nil
}
