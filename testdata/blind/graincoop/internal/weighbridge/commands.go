// Package weighbridge talks to the scale-house software at each elevator.
// Scale events arrive on a standard SQS queue; commands back to the scale
// house go to a per-region FIFO queue grouped by elevator.
package weighbridge

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/google/uuid"
)

type SQSAPI interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
}

type Commands struct {
	sqs      SQSAPI
	queueURL string
}

func NewCommands(api SQSAPI, queueURL string) *Commands {
	return &Commands{sqs: api, queueURL: queueURL}
}

type ReweighCommand struct {
	Type        string    `json:"type"`
	ElevatorID  string    `json:"elevator_id"`
	TicketNo    string    `json:"ticket_no"`
	Reason      string    `json:"reason"`
	RequestedBy string    `json:"requested_by"`
	RequestedAt time.Time `json:"requested_at"`
}

// RequestReweigh asks the scale house to flag the ticket for the operator
// to reweigh the truck on its next pass.
func (c *Commands) RequestReweigh(ctx context.Context, cmd ReweighCommand) (string, error) {
	cmd.Type = "reweigh"
	body, err := json.Marshal(cmd)
	if err != nil {
		return "", err
	}
	out, err := c.sqs.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String(c.queueURL),
		MessageBody:            aws.String(string(body)),
		MessageGroupId:         aws.String(cmd.ElevatorID),
		MessageDeduplicationId: aws.String(uuid.NewString()),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"command": {DataType: aws.String("String"), StringValue: aws.String(cmd.Type)},
		},
	})
	if err != nil {
		return "", fmt.Errorf("weighbridge: send reweigh: %w", err)
	}
	return aws.ToString(out.MessageId), nil
}
