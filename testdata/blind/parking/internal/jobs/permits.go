package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"github.com/cityparking/parking/internal/platform/logx"
	"github.com/cityparking/parking/internal/platform/queue"
	"github.com/cityparking/parking/internal/service"
	"github.com/cityparking/parking/internal/sms"
	"github.com/cityparking/parking/internal/store"
)

const expiryNoticeLead = 7 * 24 * time.Hour

// PermitsDaily sends expiry notices for permits that will lapse and queues the
// renewal of auto-renewing permits that end tomorrow.
type PermitsDaily struct {
	permits  store.PermitRepository
	accounts store.AccountRepository
	outbox   *smsOutbox
	queue    queue.Enqueuer
}

func NewPermitsDaily(permits store.PermitRepository, accounts store.AccountRepository,
	sender sms.Sender, smsLog store.SMSLogRepository, q queue.Enqueuer) *PermitsDaily {
	return &PermitsDaily{permits: permits, accounts: accounts, outbox: newSMSOutbox(sender, smsLog), queue: q}
}

func (h *PermitsDaily) ProcessTask(ctx context.Context, _ *asynq.Task) error {
	today := time.Now().UTC().Truncate(24 * time.Hour)

	lapsing, err := h.permits.ListExpiringOn(ctx, today.Add(expiryNoticeLead))
	if err != nil {
		return err
	}
	for _, p := range lapsing {
		if p.AutoRenew {
			continue
		}
		acct, err := h.accounts.Get(ctx, p.AccountID)
		if err != nil {
			return err
		}
		if acct.Phone == "" {
			continue
		}
		_, err = h.outbox.send(ctx, &acct.ID, sms.Message{
			To:              acct.Phone,
			Body:            fmt.Sprintf("Your residential permit for %s in zone %s expires on %s.", p.Plate, p.ZoneID, p.ValidTo.Format("2 Jan")),
			ClientReference: "permit-expiry:" + p.ID.String() + ":" + p.ValidTo.Format(time.DateOnly),
			Tag:             "permit_expiry",
		}, "permit_expiry")
		if err != nil {
			return err
		}
	}

	ending, err := h.permits.ListExpiringOn(ctx, today.AddDate(0, 0, 1))
	if err != nil {
		return err
	}
	queued := 0
	for _, p := range ending {
		if !p.AutoRenew {
			continue
		}
		task, err := queue.NewPermitRenew(queue.PermitRenewPayload{PermitID: p.ID})
		if err != nil {
			return err
		}
		if err := queue.EnqueueUnique(ctx, h.queue, task, "permit-renew:"+p.ID.String()); err != nil {
			return err
		}
		queued++
	}
	logx.From(ctx).Info("permits daily done", "notices", len(lapsing), "renewals_queued", queued)
	return nil
}

// PermitRenew renews one permit.
type PermitRenew struct {
	permits *service.PermitService
}

func NewPermitRenew(permits *service.PermitService) *PermitRenew {
	return &PermitRenew{permits: permits}
}

func (h *PermitRenew) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[queue.PermitRenewPayload](t)
	if err != nil {
		return fmt.Errorf("%v: %w", err, asynq.SkipRetry)
	}
	renewed, err := h.permits.Renew(ctx, p.PermitID)
	if err != nil {
		return err
	}
	if renewed != nil {
		logx.From(ctx).Info("permit renewed", "permit_id", p.PermitID, "renewal_id", renewed.ID)
	}
	return nil
}
