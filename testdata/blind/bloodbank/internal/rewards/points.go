package rewards

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/jobs"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
	"github.com/hemolink-systems/bloodbank/internal/platform/events"
)

// PointsPerDonation is credited for each released donation.
const PointsPerDonation = 10

// Milestones are point totals that earn a voucher.
var Milestones = []int{50, 100, 250, 500}

const pointsConsumer = "rewards.points"

// PointsCredit listens for released donations and credits the donor.
type PointsCredit struct {
	repo Repository
	tx   database.TxRunner
	jobs jobs.Enqueuer
}

func NewPointsCredit(repo Repository, tx database.TxRunner, enq jobs.Enqueuer) *PointsCredit {
	return &PointsCredit{repo: repo, tx: tx, jobs: enq}
}

func (p *PointsCredit) Handler() events.Handler {
	return events.Handler{Name: pointsConsumer, Topic: events.TopicDonationReleased, Fn: p.handle}
}

func (p *PointsCredit) handle(msg *message.Message) error {
	ctx := msg.Context()
	seen, err := p.repo.AlreadyProcessed(ctx, pointsConsumer, msg.UUID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	evt, err := events.Decode[events.DonationReleased](msg)
	if err != nil {
		return err
	}
	donorID, err := uuid.Parse(evt.DonorID)
	if err != nil {
		return fmt.Errorf("donor id: %w", err)
	}

	var pending []domain.Voucher
	err = p.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		if err := p.repo.AppendLedger(ctx, tx, LedgerEntry{
			ID:        uuid.New(),
			DonorID:   donorID,
			Points:    PointsPerDonation,
			Reason:    "donation released",
			SourceRef: evt.DonationNumber,
		}); err != nil {
			return err
		}
		total, err := p.repo.AddPoints(ctx, tx, donorID, PointsPerDonation)
		if err != nil {
			return err
		}
		for _, m := range Milestones {
			if total < m {
				break
			}
			v, err := p.repo.EnsureVoucher(ctx, tx, donorID, m)
			if err != nil {
				return err
			}
			if v.Status == "pending" {
				pending = append(pending, v)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}

	for _, v := range pending {
		// One task per voucher row: the queue refuses a second task with the
		// same ID while the first is pending.
		if _, err := p.jobs.Enqueue(ctx, jobs.TypeIssueVoucher, jobs.IssueVoucherPayload{VoucherID: v.ID},
			asynq.TaskID("issue-voucher:"+v.ID.String()), asynq.Queue(jobs.QueueLow)); err != nil {
			return err
		}
	}

	if err := p.repo.MarkProcessed(ctx, pointsConsumer, msg.UUID); err != nil {
		slog.WarnContext(ctx, "mark processed", "message", msg.UUID, "err", err)
	}
	return nil
}
