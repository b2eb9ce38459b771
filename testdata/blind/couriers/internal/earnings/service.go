package earnings

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/spokechain/courierpay/internal/couriers"
	"github.com/spokechain/courierpay/internal/db"
	"github.com/spokechain/courierpay/internal/pkg/apperr"
	"github.com/spokechain/courierpay/internal/pkg/page"
	"github.com/spokechain/courierpay/internal/platform/postgres"
)

// Service records earnings.
type Service interface {
	RecordCompletion(ctx context.Context, ev DeliveryCompleted) error
	RecordTip(ctx context.Context, ev DeliveryTipped) error
	ApplyAdjustment(ctx context.Context, ev DeliveryAdjusted) error
	AwardBonus(ctx context.Context, ev BonusAwarded) error
	AddManualBonus(ctx context.Context, courierID uuid.UUID, in ManualBonus) (db.BonusEarning, error)
	DistributeTipPool(ctx context.Context, ev TipPoolClosed) error
	ListEarnings(ctx context.Context, courierID uuid.UUID, req page.Request) (page.Page[EarningView], error)
}

// ManualBonus is an operator-entered bonus line.
type ManualBonus struct {
	Campaign    string `json:"campaign"`
	AmountCents int64  `json:"amount_cents"`
	Note        string `json:"note"`
	Actor       string `json:"-"`
}

// EarningView is the API shape of one delivery's earnings.
type EarningView struct {
	DeliveryID  string    `json:"delivery_id"`
	CompletedAt time.Time `json:"completed_at"`
	DistanceM   int32     `json:"distance_m"`
	TotalCents  int64     `json:"total_cents"`
	SurgeCents  int64     `json:"surge_cents"`
	Paid        bool      `json:"paid"`
}

type service struct {
	repo     Repository
	couriers couriers.Directory
	rates    RateCard
	log      *slog.Logger
	newID    idFunc
	now      func() time.Time
}

// NewService builds the earnings service.
func NewService(repo Repository, dir couriers.Directory, log *slog.Logger) Service {
	return &service{
		repo:     repo,
		couriers: dir,
		rates:    DefaultRateCard,
		log:      log.With("svc", "earnings"),
		newID:    uuid.New,
		now:      time.Now,
	}
}

// RecordCompletion prices the delivery and stores one earnings line per
// delivery id.
func (s *service) RecordCompletion(ctx context.Context, ev DeliveryCompleted) error {
	c, err := s.couriers.ByDispatchID(ctx, ev.DispatchCourierID)
	if err != nil {
		return err
	}
	q := s.rates.Price(ev)
	inserted, err := s.repo.InsertDelivery(ctx, db.InsertDeliveryEarningParams{
		ID:            s.newID(),
		DeliveryID:    ev.DeliveryID,
		CourierID:     c.ID,
		CompletedAt:   ev.CompletedAt,
		DistanceM:     ev.DistanceMeters,
		BaseCents:     q.BaseCents,
		DistanceCents: q.DistanceCents,
		SurgeCents:    q.SurgeCents,
	})
	if err != nil {
		return err
	}
	if !inserted {
		s.log.Debug("delivery already recorded", "delivery", ev.DeliveryID)
		return nil
	}
	s.log.Info("delivery earned", "delivery", ev.DeliveryID, "courier", c.ID, "cents", q.Total())
	return nil
}

// RecordTip stores a tip against the delivery's courier.
func (s *service) RecordTip(ctx context.Context, ev DeliveryTipped) error {
	if ev.AmountCents <= 0 {
		return nil
	}
	c, err := s.couriers.ByDispatchID(ctx, ev.DispatchCourierID)
	if err != nil {
		return err
	}
	source := ev.Source
	if source == "" {
		source = "app"
	}
	err = s.repo.InsertTip(ctx, db.InsertTipParams{
		ID:          s.newID(),
		DeliveryID:  ev.DeliveryID,
		CourierID:   c.ID,
		AmountCents: ev.AmountCents,
		Source:      source,
		TippedAt:    ev.TippedAt,
	})
	if err != nil {
		return err
	}
	s.log.Info("tip recorded", "delivery", ev.DeliveryID, "courier", c.ID, "cents", ev.AmountCents)
	return nil
}

// ApplyAdjustment stores dispatch's correction for a delivery.
func (s *service) ApplyAdjustment(ctx context.Context, ev DeliveryAdjusted) error {
	if ev.AdjustmentID == "" {
		return apperr.Invalid("adjustment for %s has no id", ev.DeliveryID)
	}
	c, err := s.couriers.ByDispatchID(ctx, ev.DispatchCourierID)
	if err != nil {
		return err
	}
	adj, err := s.repo.InsertAdjustment(ctx, db.InsertEarningAdjustmentParams{
		ID:            s.newID(),
		AdjustmentRef: ev.AdjustmentID,
		DeliveryID:    ev.DeliveryID,
		CourierID:     c.ID,
		Reason:        strings.ToLower(ev.Reason),
		AmountCents:   ev.AmountCents,
		EffectiveAt:   ev.EffectiveAt,
	})
	if err != nil {
		return err
	}
	s.log.Info("adjustment applied", "adjustment", adj.AdjustmentRef, "delivery", adj.DeliveryID, "cents", adj.AmountCents)
	return nil
}

// AwardBonus stores a campaign bonus. Bonus events carry no id of their own;
// the consumer dedupes them by message id.
func (s *service) AwardBonus(ctx context.Context, ev BonusAwarded) error {
	c, err := s.couriers.ByDispatchID(ctx, ev.DispatchCourierID)
	if err != nil {
		return err
	}
	b, err := s.repo.InsertBonus(ctx, db.InsertBonusEarningParams{
		ID:          s.newID(),
		CourierID:   c.ID,
		Campaign:    ev.Campaign,
		DeliveryID:  postgres.Text(ev.DeliveryID),
		AmountCents: ev.AmountCents,
		CreatedBy:   "dispatch",
		EarnedAt:    ev.AwardedAt,
	})
	if err != nil {
		return err
	}
	s.log.Info("bonus awarded", "bonus", b.ID, "campaign", b.Campaign, "courier", c.ID)
	return nil
}

// AddManualBonus lets an operator credit a courier (e.g. for a long wait at
// a merchant that dispatch did not capture).
func (s *service) AddManualBonus(ctx context.Context, courierID uuid.UUID, in ManualBonus) (db.BonusEarning, error) {
	if in.AmountCents <= 0 || in.AmountCents > 50_00 {
		return db.BonusEarning{}, apperr.Invalid("amount_cents must be between 1 and 5000")
	}
	if strings.TrimSpace(in.Campaign) == "" {
		in.Campaign = "manual"
	}
	c, err := s.couriers.Get(ctx, courierID)
	if err != nil {
		return db.BonusEarning{}, err
	}
	b, err := s.repo.InsertBonus(ctx, db.InsertBonusEarningParams{
		ID:          s.newID(),
		CourierID:   c.ID,
		Campaign:    in.Campaign,
		AmountCents: in.AmountCents,
		Note:        in.Note,
		CreatedBy:   in.Actor,
		EarnedAt:    s.now(),
	})
	if err != nil {
		return db.BonusEarning{}, err
	}
	s.log.Info("manual bonus", "bonus", b.ID, "courier", c.ID, "by", in.Actor, "cents", in.AmountCents)
	return b, nil
}

// DistributeTipPool records each courier's share of a closed pool.
func (s *service) DistributeTipPool(ctx context.Context, ev TipPoolClosed) error {
	shares := make([]db.InsertTipPoolShareParams, 0, len(ev.Shares))
	for _, sh := range ev.Shares {
		c, err := s.couriers.ByDispatchID(ctx, sh.DispatchCourierID)
		if err != nil {
			return fmt.Errorf("earnings: pool %s: %w", ev.PoolID, err)
		}
		shares = append(shares, db.InsertTipPoolShareParams{
			ID:          s.newID(),
			PoolID:      ev.PoolID,
			CourierID:   c.ID,
			AmountCents: sh.AmountCents,
			ClosedAt:    ev.ClosedAt,
		})
	}
	added, err := s.repo.InsertPoolShares(ctx, shares)
	if err != nil {
		return err
	}
	s.log.Info("tip pool distributed", "pool", ev.PoolID, "shares", len(shares), "new", added)
	return nil
}

// ListEarnings pages through a courier's delivery earnings, newest first.
func (s *service) ListEarnings(ctx context.Context, courierID uuid.UUID, req page.Request) (page.Page[EarningView], error) {
	rows, err := s.repo.ListDeliveries(ctx, db.ListCourierEarningsParams{
		CourierID: courierID,
		BeforeAt:  req.After.At,
		BeforeID:  req.After.ID,
		PageSize:  req.Fetch(),
	})
	if err != nil {
		return page.Page[EarningView]{}, err
	}
	return page.Build(req, rows, toView, func(r db.DeliveryEarning) page.Cursor {
		return page.Cursor{At: r.CompletedAt, ID: r.ID}
	}), nil
}

func toView(r db.DeliveryEarning) EarningView {
	return EarningView{
		DeliveryID:  r.DeliveryID,
		CompletedAt: r.CompletedAt,
		DistanceM:   r.DistanceM,
		TotalCents:  r.BaseCents + r.DistanceCents + r.SurgeCents,
		SurgeCents:  r.SurgeCents,
		Paid:        r.PayoutID.Valid,
	}
}
