// Package objects stores uploads in S3 under keys: a fresh key makes a
// retry store a second object.
package objects

import (
	"bytes"
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	awsv1 "github.com/aws/aws-sdk-go/aws"
	s3v1 "github.com/aws/aws-sdk-go/service/s3"
	"github.com/google/uuid"
)

var (
	client *s3.Client
	legacy *s3v1.S3
)

func upload(w http.ResponseWriter, r *http.Request) {
	key := "images/" + uuid.NewString() + ".png" // want `a retry sends a new value as the stored object's key`
	client.PutObject(r.Context(), &s3.PutObjectInput{Bucket: aws.String("images"), Key: aws.String(key), Body: r.Body})
}

func uploadLegacy(w http.ResponseWriter, r *http.Request) {
	store(r.Context(), []byte(r.FormValue("data")))
}

func store(ctx context.Context, data []byte) error {
	_, err := legacy.PutObjectWithContext(ctx, &s3v1.PutObjectInput{
		Bucket: awsv1.String("images"),
		Key:    awsv1.String(uuid.New().String()), // want `a retry sends a new value as the stored object's key`
		Body:   bytes.NewReader(data),
	})
	return err
}

// Negative: the key is the upload's own, from the request.
func uploadKeyed(w http.ResponseWriter, r *http.Request) {
	client.PutObject(r.Context(), &s3.PutObjectInput{Bucket: aws.String("images"), Key: aws.String("images/" + r.Header.Get("Idempotency-Key"))})
}
