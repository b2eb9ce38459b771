package worker

import (
	"context"
	"errors"
	"log/slog"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"golang.org/x/sync/errgroup"

	"github.com/acme/fleet/internal/config"
	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/mq"
)

type FineIngester interface {
	Ingest(ctx context.Context, n domain.FineNotice) error
}

// NoticeDeliverer sends queued notices.
type NoticeDeliverer interface {
	Deliver(ctx context.Context, req domain.NoticeRequest) error
}

// ChargeExecutor executes charge commands.
type ChargeExecutor interface {
	Execute(ctx context.Context, cmd domain.ChargeCommand, receiveCount int) error
}

// Queues runs the SQS consumers.
type Queues struct {
	cfg     config.Config
	api     mq.SQSAPI
	fines   FineIngester
	notices NoticeDeliverer
	billing ChargeExecutor
	log     *slog.Logger
}

func NewQueues(cfg config.Config, api mq.SQSAPI, fines FineIngester, notices NoticeDeliverer, billing ChargeExecutor, log *slog.Logger) *Queues {
	return &Queues{cfg: cfg, api: api, fines: fines, notices: notices, billing: billing, log: log}
}

// dropInvalid acknowledges messages that can never be processed.
func (q *Queues) dropInvalid(ctx context.Context, m types.Message, err error) error {
	if errors.Is(err, domain.ErrInvalidInput) {
		q.log.WarnContext(ctx, "dropping invalid message", "message_id", aws.ToString(m.MessageId), "err", err)
		return nil
	}
	return err
}

func (q *Queues) handleFineNotice(ctx context.Context, m types.Message) error {
	n, err := mq.Decode[domain.FineNotice](m)
	if err != nil {
		return q.dropInvalid(ctx, m, errors.Join(domain.ErrInvalidInput, err))
	}
	return q.dropInvalid(ctx, m, q.fines.Ingest(ctx, n))
}

func (q *Queues) handleNotice(ctx context.Context, m types.Message) error {
	req, err := mq.Decode[domain.NoticeRequest](m)
	if err != nil {
		return q.dropInvalid(ctx, m, errors.Join(domain.ErrInvalidInput, err))
	}
	return q.dropInvalid(ctx, m, q.notices.Deliver(ctx, req))
}

func (q *Queues) handleChargeCommand(ctx context.Context, m types.Message) error {
	cmd, err := mq.Decode[domain.ChargeCommand](m)
	if err != nil {
		return q.dropInvalid(ctx, m, errors.Join(domain.ErrInvalidInput, err))
	}
	receives, _ := strconv.Atoi(m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])
	return q.billing.Execute(ctx, cmd, receives)
}

func (q *Queues) pollers() []*mq.Poller {
	return []*mq.Poller{
		{API: q.api, Name: "fines-inbound", QueueURL: q.cfg.FinesQueueURL, Handle: q.handleFineNotice, Log: q.log},
		{API: q.api, Name: "notices", QueueURL: q.cfg.NoticesQueueURL, Handle: q.handleNotice, Log: q.log},
		{API: q.api, Name: "payments.fifo", QueueURL: q.cfg.PaymentsQueueURL, Handle: q.handleChargeCommand, Log: q.log},
	}
}

// Run polls every queue until ctx is cancelled.
func (q *Queues) Run(ctx context.Context) error {
	g, ctx := errgroup.WithContext(ctx)
	for _, p := range q.pollers() {
		if p.QueueURL == "" {
			q.log.Info("queue not configured", "queue", p.Name)
			continue
		}
		g.Go(func() error { return p.Run(ctx) })
	}
	return g.Wait()
}
