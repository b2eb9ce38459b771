// Package storage stores uploaded files in S3.
package storage

import (
	"bytes"
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
)

// S3API is the subset of the S3 client used here.
type S3API interface {
	PutObject(ctx context.Context, in *s3.PutObjectInput, optFns ...func(*s3.Options)) (*s3.PutObjectOutput, error)
}

// Bucket writes objects into one bucket.
type Bucket struct {
	api    S3API
	name   string
	sse    types.ServerSideEncryption
	prefix string
}

// BucketOption configures a Bucket.
type BucketOption func(*Bucket)

// WithKMS enables SSE-KMS for every object written.
func WithKMS() BucketOption { return func(b *Bucket) { b.sse = types.ServerSideEncryptionAwsKms } }

// WithPrefix prepends a fixed prefix to every key.
func WithPrefix(p string) BucketOption { return func(b *Bucket) { b.prefix = p } }

// NewBucket builds a Bucket.
func NewBucket(api S3API, name string, opts ...BucketOption) *Bucket {
	b := &Bucket{api: api, name: name, sse: types.ServerSideEncryptionAes256}
	for _, o := range opts {
		o(b)
	}
	return b
}

// Object describes a stored object.
type Object struct {
	Bucket string
	Key    string
	ETag   string
	Size   int64
}

// Put writes body under key. S3 PUT overwrites, so writing the same key
// twice leaves one object.
func (b *Bucket) Put(ctx context.Context, key string, body []byte, contentType string, meta map[string]string) (*Object, error) {
	full := b.prefix + key
	out, err := b.api.PutObject(ctx, &s3.PutObjectInput{
		Bucket:               aws.String(b.name),
		Key:                  aws.String(full),
		Body:                 bytes.NewReader(body),
		ContentLength:        aws.Int64(int64(len(body))),
		ContentType:          aws.String(contentType),
		ServerSideEncryption: b.sse,
		Metadata:             meta,
	})
	if err != nil {
		return nil, fmt.Errorf("storage: put s3://%s/%s: %w", b.name, full, err)
	}
	return &Object{Bucket: b.name, Key: full, ETag: aws.ToString(out.ETag), Size: int64(len(body))}, nil
}
