// Package sqsx polls SQS queues and publishes to them.
package sqsx

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/acme/freight/internal/app/docking"
	"github.com/acme/freight/internal/domain"
	"github.com/acme/freight/internal/idgen"
)

// Handler processes one message. On nil the message is deleted; otherwise it
// becomes visible again after the visibility timeout and is redelivered.
type Handler func(ctx context.Context, msg types.Message) error

// API is the subset of the SQS client used here.
type API interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, opts ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, opts ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, opts ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
}

type Worker struct {
	client   API
	queueURL string
	wait     int32
	handle   Handler
}

func NewWorker(client API, queueURL string, wait int32, h Handler) *Worker {
	return &Worker{client: client, queueURL: queueURL, wait: wait, handle: h}
}

// Run long-polls the queue until ctx is cancelled.
func (w *Worker) Run(ctx context.Context) error {
	slog.Info("sqs worker started", "queue", w.queueURL)
	for ctx.Err() == nil {
		out, err := w.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(w.queueURL),
			MaxNumberOfMessages: 10,
			WaitTimeSeconds:     w.wait,
			VisibilityTimeout:   60,
		})
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			slog.Error("sqs receive", "queue", w.queueURL, "err", err)
			sleep(ctx, 2*time.Second)
			continue
		}
		for _, m := range out.Messages {
			w.process(ctx, m)
		}
	}
	return nil
}

func (w *Worker) process(ctx context.Context, m types.Message) {
	if err := w.handle(ctx, m); err != nil {
		slog.Warn("sqs handler failed; message will be redelivered",
			"queue", w.queueURL, "message_id", aws.ToString(m.MessageId), "err", err)
		return
	}
	if _, err := w.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(w.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		slog.Error("sqs delete", "queue", w.queueURL, "message_id", aws.ToString(m.MessageId), "err", err)
	}
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

type DockService interface {
	ReserveRequested(ctx context.Context, req docking.DockRequest) (*domain.DockReservation, error)
	RecordCheckIn(ctx context.Context, c docking.CheckIn) error
}

func decodeBody(m types.Message, dst any) error {
	return json.Unmarshal([]byte(aws.ToString(m.Body)), dst)
}

// DockRequestHandler handles the dock-requests queue.
func DockRequestHandler(svc DockService) Handler {
	return func(ctx context.Context, m types.Message) error {
		var req docking.DockRequest
		if err := decodeBody(m, &req); err != nil {
			slog.Error("dropping malformed dock request", "message_id", aws.ToString(m.MessageId), "err", err)
			return nil
		}
		res, err := svc.ReserveRequested(ctx, req)
		if errors.Is(err, domain.ErrNoCapacity) {
			slog.Warn("dock slot full", "slot", req.SlotID, "shipment", req.ShipmentID)
			return nil
		}
		if err != nil {
			return err
		}
		slog.InfoContext(ctx, "dock reserved", "reservation", res.ID, "slot", res.SlotID)
		return nil
	}
}

// DockCheckinHandler handles the dock-checkins queue fed by the gate system.
func DockCheckinHandler(svc DockService) Handler {
	return func(ctx context.Context, m types.Message) error {
		var c docking.CheckIn
		if err := decodeBody(m, &c); err != nil || c.ReservationID == "" {
			slog.Error("dropping malformed check-in", "message_id", aws.ToString(m.MessageId), "err", err)
			return nil
		}
		return svc.RecordCheckIn(ctx, c)
	}
}

// Publisher sends dock requests to the FIFO dock-requests queue.
type Publisher struct {
	client     API
	queueURL   string
	newDedupID func() string
}

func NewPublisher(client API, queueURL string) *Publisher {
	return &Publisher{client: client, queueURL: queueURL, newDedupID: idgen.UUID}
}

// PublishDockRequest implements rest.DockRequestPublisher.
func (p *Publisher) PublishDockRequest(ctx context.Context, req docking.DockRequest) (string, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return "", err
	}
	out, err := p.client.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String(p.queueURL),
		MessageBody:            aws.String(string(body)),
		MessageGroupId:         aws.String(req.WarehouseID + "/" + req.SlotID),
		MessageDeduplicationId: aws.String(p.newDedupID()),
	})
	if err != nil {
		return "", fmt.Errorf("publish dock request: %w", err)
	}
	return aws.ToString(out.MessageId), nil
}
