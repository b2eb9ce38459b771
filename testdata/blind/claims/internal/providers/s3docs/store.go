// Package s3docs stores claim documents and generated packets in S3.
package s3docs

import (
	"bytes"
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
)

// API is the part of the S3 client the store uses.
type API interface {
	PutObject(ctx context.Context, in *s3.PutObjectInput, optFns ...func(*s3.Options)) (*s3.PutObjectOutput, error)
}

// Store writes objects to one bucket.
type Store struct {
	api    API
	bucket string
	kmsKey string
}

// New builds a Store.
func New(api API, bucket, kmsKey string) *Store {
	return &Store{api: api, bucket: bucket, kmsKey: kmsKey}
}

// PutOption customises a PutObject call.
type PutOption func(*s3.PutObjectInput)

// WithChecksumSHA256 asks S3 to verify the base64 SHA-256 of the body.
func WithChecksumSHA256(b64 string) PutOption {
	return func(in *s3.PutObjectInput) { in.ChecksumSHA256 = aws.String(b64) }
}

// WithTag adds an object tag (URL-encoded tag set).
func WithTag(tagging string) PutOption {
	return func(in *s3.PutObjectInput) { in.Tagging = aws.String(tagging) }
}

// Put writes body at key. Writing the same key again replaces the object.
func (s *Store) Put(ctx context.Context, key, contentType string, body []byte, opts ...PutOption) error {
	in := &s3.PutObjectInput{
		Bucket:      aws.String(s.bucket),
		Key:         aws.String(key),
		Body:        bytes.NewReader(body),
		ContentType: aws.String(contentType),
	}
	if s.kmsKey != "" {
		in.ServerSideEncryption = types.ServerSideEncryptionAwsKms
		in.SSEKMSKeyId = aws.String(s.kmsKey)
	}
	for _, o := range opts {
		o(in)
	}
	if _, err := s.api.PutObject(ctx, in); err != nil {
		return fmt.Errorf("s3 put %s: %w", key, err)
	}
	return nil
}
