// Package queue sends jobs to a FIFO queue, deduplicated by the job's
// ID, which it makes when the caller gives none.
package queue

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/google/uuid"
)

// Job is a job to send.
type Job struct {
	ID   string
	Body string
}

// Publisher sends jobs.
type Publisher struct {
	SQS *sqs.Client
	URL string
}

// Publish sends job under its ID, or a new one.
func (p *Publisher) Publish(ctx context.Context, job Job) error {
	if job.ID == "" {
		job.ID = uuid.NewString() // want `a retry sends a new value as the message's deduplication ID, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Confirm\)`
	}
	_, err := p.SQS.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String(p.URL),
		MessageBody:            aws.String(job.Body),
		MessageGroupId:         aws.String("jobs"),
		MessageDeduplicationId: aws.String(job.ID),
	})
	return err
}
