// Package s3 is a stub of github.com/aws/aws-sdk-go/service/s3 for analysistest.
package s3

import (
	"io"

	"github.com/aws/aws-sdk-go/aws"
)

type S3 struct{}

type PutObjectInput struct {
	Bucket *string
	Key    *string
	Body   io.ReadSeeker
}

type PutObjectOutput struct{}

func (c *S3) PutObjectWithContext(ctx aws.Context, input *PutObjectInput) (*PutObjectOutput, error) {
	return nil, nil
}
