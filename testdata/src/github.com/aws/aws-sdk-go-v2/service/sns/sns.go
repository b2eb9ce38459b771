// Package sns is a stub of github.com/aws/aws-sdk-go-v2/service/sns v1.48.0 for analysistest.
package sns

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sns/types"
)

type Options struct {
	Region string
}

type Client struct{ options Options }

func New(options Options, optFns ...func(*Options)) *Client          { return &Client{} }
func NewFromConfig(cfg aws.Config, optFns ...func(*Options)) *Client { return &Client{} }

type PublishInput struct {
	Message                *string
	MessageAttributes      map[string]types.MessageAttributeValue
	MessageDeduplicationId *string
	MessageGroupId         *string
	MessageStructure       *string
	PhoneNumber            *string
	Subject                *string
	TargetArn              *string
	TopicArn               *string
}

type PublishOutput struct {
	MessageId      *string
	SequenceNumber *string
}

type PublishBatchInput struct {
	PublishBatchRequestEntries []types.PublishBatchRequestEntry
	TopicArn                   *string
}

type PublishBatchOutput struct {
	Failed     []types.BatchResultErrorEntry
	Successful []types.PublishBatchResultEntry
}

func (c *Client) Publish(ctx context.Context, params *PublishInput, optFns ...func(*Options)) (*PublishOutput, error) {
	return nil, nil
}
func (c *Client) PublishBatch(ctx context.Context, params *PublishBatchInput, optFns ...func(*Options)) (*PublishBatchOutput, error) {
	return nil, nil
}
