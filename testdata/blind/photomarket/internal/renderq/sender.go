// Package renderq enqueues render jobs for the image renderer, which
// consumes a FIFO SQS queue and reports results on the render-results
// queue.
package renderq

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/google/uuid"
)

// Variant is one output the renderer produces for an original.
type Variant struct {
	Name      string `json:"name"`
	MaxEdge   int    `json:"max_edge"`
	Watermark bool   `json:"watermark"`
	Quality   int    `json:"quality"`
}

// DefaultVariants are rendered for every uploaded original.
var DefaultVariants = []Variant{
	{Name: "thumb", MaxEdge: 400, Watermark: false, Quality: 70},
	{Name: "preview", MaxEdge: 1600, Watermark: true, Quality: 80},
	{Name: "web", MaxEdge: 2560, Watermark: false, Quality: 88},
}

// Job is the message body the renderer expects.
type Job struct {
	PhotoID   string    `json:"photo_id"`
	GalleryID string    `json:"gallery_id"`
	Bucket    string    `json:"bucket"`
	Key       string    `json:"key"`
	Variants  []Variant `json:"variants"`
}

// SQSAPI is the part of the SQS client the sender uses.
type SQSAPI interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
}

// Sender writes jobs to the render FIFO queue. Messages are grouped per
// gallery so a gallery renders in upload order.
type Sender struct {
	client   SQSAPI
	queueURL string
	dedupID  func(Job) string
	groupID  func(Job) string
}

// Option configures a Sender.
type Option func(*Sender)

// WithDeduplicationID overrides how MessageDeduplicationId is derived.
func WithDeduplicationID(f func(Job) string) Option {
	return func(s *Sender) { s.dedupID = f }
}

// NewSender returns a Sender for queueURL.
func NewSender(client SQSAPI, queueURL string, opts ...Option) *Sender {
	s := &Sender{
		client:   client,
		queueURL: queueURL,
		dedupID:  func(Job) string { return uuid.NewString() },
		groupID:  func(j Job) string { return j.GalleryID },
	}
	for _, opt := range opts {
		opt(s)
	}
	return s
}

// Send enqueues one job.
func (s *Sender) Send(ctx context.Context, job Job) (string, error) {
	body, err := json.Marshal(job)
	if err != nil {
		return "", err
	}
	out, err := s.client.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String(s.queueURL),
		MessageBody:            aws.String(string(body)),
		MessageGroupId:         aws.String(s.groupID(job)),
		MessageDeduplicationId: aws.String(s.dedupID(job)),
	})
	if err != nil {
		return "", fmt.Errorf("renderq: send %s: %w", job.PhotoID, err)
	}
	return aws.ToString(out.MessageId), nil
}
