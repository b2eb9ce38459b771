// Package sfn is a stub of github.com/aws/aws-sdk-go-v2/service/sfn v1.41.2 for analysistest.
package sfn

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sfn/types"
)

type Options struct {
	Region string
}

type Client struct{ options Options }

func New(options Options, optFns ...func(*Options)) *Client          { return &Client{} }
func NewFromConfig(cfg aws.Config, optFns ...func(*Options)) *Client { return &Client{} }

// StartExecutionInput has no ClientToken; Name (unique per account/region/state
// machine for 90 days) is the de-duplication slot.
type StartExecutionInput struct {
	StateMachineArn *string
	Input           *string
	Name            *string
	TraceHeader     *string
}

type StartExecutionOutput struct {
	ExecutionArn *string
	StartDate    *time.Time
}

type StartSyncExecutionInput struct {
	StateMachineArn *string
	IncludedData    types.IncludedData
	Input           *string
	Name            *string
	TraceHeader     *string
}

// StartSyncExecutionOutput is trimmed (real one also has BillingDetails, InputDetails, OutputDetails).
type StartSyncExecutionOutput struct {
	ExecutionArn    *string
	StartDate       *time.Time
	Status          types.SyncExecutionStatus
	StopDate        *time.Time
	Cause           *string
	Error           *string
	Input           *string
	Name            *string
	Output          *string
	StateMachineArn *string
	TraceHeader     *string
}

func (c *Client) StartExecution(ctx context.Context, params *StartExecutionInput, optFns ...func(*Options)) (*StartExecutionOutput, error) {
	return nil, nil
}
func (c *Client) StartSyncExecution(ctx context.Context, params *StartSyncExecutionInput, optFns ...func(*Options)) (*StartSyncExecutionOutput, error) {
	return nil, nil
}
