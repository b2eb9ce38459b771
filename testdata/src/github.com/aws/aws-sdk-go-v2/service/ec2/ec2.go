// Package ec2 is a stub of github.com/aws/aws-sdk-go-v2/service/ec2 v1.347.0 for analysistest.
// Only RunInstances is stubbed.
package ec2

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ec2/types"
)

// IdempotencyTokenProvider: when RunInstancesInput.ClientToken is nil the real SDK
// auto-fills it per call (middleware "OperationIdempotencyTokenAutoFill", random UUID).
type IdempotencyTokenProvider interface {
	GetIdempotencyToken() (string, error)
}

type Options struct {
	Region                   string
	IdempotencyTokenProvider IdempotencyTokenProvider
}

type Client struct{ options Options }

func New(options Options, optFns ...func(*Options)) *Client          { return &Client{} }
func NewFromConfig(cfg aws.Config, optFns ...func(*Options)) *Client { return &Client{} }

// RunInstancesInput is trimmed (the real one has ~45 fields).
type RunInstancesInput struct {
	MaxCount          *int32
	MinCount          *int32
	ClientToken       *string
	DryRun            *bool
	ImageId           *string
	InstanceType      types.InstanceType
	KeyName           *string
	SecurityGroupIds  []string
	SubnetId          *string
	TagSpecifications []types.TagSpecification
	UserData          *string
}

type RunInstancesOutput struct {
	Groups        []types.GroupIdentifier
	Instances     []types.Instance
	OwnerId       *string
	RequesterId   *string
	ReservationId *string
}

func (c *Client) RunInstances(ctx context.Context, params *RunInstancesInput, optFns ...func(*Options)) (*RunInstancesOutput, error) {
	return nil, nil
}
