// Package lambda is a stub of github.com/aws/aws-sdk-go-v2/service/lambda v1.115.0 for analysistest.
package lambda

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/lambda/types"
)

type Options struct {
	Region string
}

type Client struct{ options Options }

func New(options Options, optFns ...func(*Options)) *Client          { return &Client{} }
func NewFromConfig(cfg aws.Config, optFns ...func(*Options)) *Client { return &Client{} }

type InvokeInput struct {
	FunctionName  *string
	ClientContext *string
	// DurableExecutionName: for durable functions, invoking again with the same
	// name and payload returns the existing execution (idempotency key slot).
	DurableExecutionName *string
	InvocationType       types.InvocationType
	LogType              types.LogType
	Payload              []byte
	Qualifier            *string
	TenantId             *string
}

type InvokeOutput struct {
	DurableExecutionArn *string
	ExecutedVersion     *string
	FunctionError       *string
	LogResult           *string
	Payload             []byte
	StatusCode          int32
}

func (c *Client) Invoke(ctx context.Context, params *InvokeInput, optFns ...func(*Options)) (*InvokeOutput, error) {
	return nil, nil
}
