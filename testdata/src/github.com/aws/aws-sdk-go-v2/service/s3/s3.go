// Package s3 is a stub of github.com/aws/aws-sdk-go-v2/service/s3 for analysistest.
package s3

import (
	"context"
	"io"
)

type Options struct{}

type Client struct{}

type PutObjectInput struct {
	Bucket *string
	Key    *string
	Body   io.Reader
}

type PutObjectOutput struct{}

func (c *Client) PutObject(ctx context.Context, params *PutObjectInput, optFns ...func(*Options)) (*PutObjectOutput, error) {
	return nil, nil
}
