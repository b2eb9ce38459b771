// Package eventbridge is a stub of github.com/aws/aws-sdk-go-v2/service/eventbridge v1.55.11 for analysistest.
package eventbridge

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/eventbridge/types"
)

type Options struct {
	Region string
}

type Client struct{ options Options }

func New(options Options, optFns ...func(*Options)) *Client          { return &Client{} }
func NewFromConfig(cfg aws.Config, optFns ...func(*Options)) *Client { return &Client{} }

type PutEventsInput struct {
	Entries    []types.PutEventsRequestEntry
	EndpointId *string
}

type PutEventsOutput struct {
	Entries          []types.PutEventsResultEntry
	FailedEntryCount int32
}

func (c *Client) PutEvents(ctx context.Context, params *PutEventsInput, optFns ...func(*Options)) (*PutEventsOutput, error) {
	return nil, nil
}
