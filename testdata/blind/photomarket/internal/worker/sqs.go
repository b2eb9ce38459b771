package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/lenslane/photomarket/internal/sqsconsumer"
)

// BodyHandler handles the body of one SQS message.
type BodyHandler func(ctx context.Context, body []byte) error

// Dispatch routes messages on a shared queue by their kind. S3 event
// notifications carry "Records"; the uploader's own messages carry "type".
func Dispatch(logger *slog.Logger, table map[string]BodyHandler) sqsconsumer.Handler {
	return func(ctx context.Context, m types.Message) error {
		body := []byte(aws.ToString(m.Body))
		kind, err := classify(body)
		if err != nil {
			logger.Error("dropping undecodable message", "message_id", aws.ToString(m.MessageId), "err", err)
			return nil
		}
		h, ok := table[kind]
		if !ok {
			logger.Warn("no handler for message kind", "kind", kind, "message_id", aws.ToString(m.MessageId))
			return nil
		}
		return h(ctx, body)
	}
}

func classify(body []byte) (string, error) {
	var probe struct {
		Records []json.RawMessage `json:"Records"`
		Event   string            `json:"Event"`
		Type    string            `json:"type"`
	}
	if err := json.Unmarshal(body, &probe); err != nil {
		return "", err
	}
	switch {
	case probe.Event == "s3:TestEvent":
		return "s3:TestEvent", nil
	case len(probe.Records) > 0:
		return "s3:ObjectCreated", nil
	case probe.Type != "":
		return probe.Type, nil
	}
	return "", fmt.Errorf("unrecognised message shape")
}

// Single wraps a handler for a queue that carries one kind of message.
func Single(h BodyHandler) sqsconsumer.Handler {
	return func(ctx context.Context, m types.Message) error {
		return h(ctx, []byte(aws.ToString(m.Body)))
	}
}
