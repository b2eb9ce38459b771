package passes

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/frostline-arena/rinkops/internal/command"
	"github.com/frostline-arena/rinkops/internal/db"
	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/providers/cardpay"
)

type purchaseHandler struct {
	repo     Repository
	payments Payments
	now      func() time.Time
}

func (h *purchaseHandler) Handle(ctx context.Context, cmd Purchase) error {
	m, err := h.repo.Member(ctx, cmd.MemberID)
	if err != nil {
		return err
	}
	if !m.CardCustomerID.Valid {
		return fmt.Errorf("member %s has no card on file: %w", m.ID, platform.ErrInvalid)
	}
	price := tierPrices[cmd.Tier]

	key := platform.NewIdempotencyKey("pass")
	charge, err := h.payments.CreateCharge(ctx, cardpay.ChargeRequest{
		Customer:    m.CardCustomerID.String,
		AmountCents: int64(price),
		Currency:    "CAD",
		Description: fmt.Sprintf("Frostline %s season pass (%s), first month", cmd.Tier, cmd.Season),
		Metadata: map[string]string{
			"kind":      "pass_purchase",
			"member_id": m.ID.String(),
			"season":    cmd.Season,
		},
	}, cardpay.WithIdempotencyKey(key))
	if err != nil {
		return fmt.Errorf("charge first month: %w", err)
	}

	return h.repo.InsertPass(ctx, db.InsertSeasonPassParams{
		MemberID:       m.ID,
		Season:         cmd.Season,
		Tier:           cmd.Tier,
		CardCustomerID: m.CardCustomerID.String,
		MonthlyCents:   price,
		FirstChargeID:  pgtype.Text{String: charge.ID, Valid: true},
		ValidUntil:     pgtype.Date{Time: firstOfNextMonth(h.now()), Valid: true},
	})
}

// renewHandler runs from the passes:renew task. Success here only means
// the charge was submitted; the pass is extended when Cardpay confirms it.
type renewHandler struct {
	repo     Repository
	payments Payments
	log      *slog.Logger
}

func (h *renewHandler) Handle(ctx context.Context, cmd Renew) error {
	p, err := h.repo.Pass(ctx, cmd.PassID)
	if err != nil {
		return err
	}
	if p.Status != "active" {
		return nil
	}
	pc, err := h.repo.OpenCharge(ctx, p.ID, cmd.Period, p.MonthlyCents)
	if err != nil {
		return err
	}
	if pc.Status != "pending" || pc.ChargeID.Valid {
		return nil
	}

	charge, err := h.payments.CreateCharge(ctx, cardpay.ChargeRequest{
		Customer:    p.CardCustomerID,
		AmountCents: int64(pc.AmountCents),
		Currency:    "CAD",
		Description: fmt.Sprintf("Frostline %s season pass, %s", p.Tier, cmd.Period),
		Metadata: map[string]string{
			"kind":    "pass_renewal",
			"pass_id": p.ID.String(),
			"period":  cmd.Period,
		},
	}, cardpay.WithIdempotencyKey(fmt.Sprintf("renew-%s-%s", p.ID, cmd.Period)))
	if err != nil {
		return fmt.Errorf("renewal charge %s/%s: %w", p.ID, cmd.Period, err)
	}
	return h.repo.ChargeSubmitted(ctx, p.ID, cmd.Period, charge.ID)
}

// confirmRenewalHandler runs inside command.Transactional.
type confirmRenewalHandler struct {
	repo Repository
}

func (h *confirmRenewalHandler) Handle(ctx context.Context, cmd ConfirmRenewal) error {
	if err := h.repo.ChargePaid(ctx, cmd.PassID, cmd.Period, cmd.ChargeID); err != nil {
		return err
	}
	return h.repo.Extend(ctx, cmd.PassID)
}

type Commands struct {
	Purchase       command.Handler[Purchase]
	Renew          command.Handler[Renew]
	ConfirmRenewal command.Handler[ConfirmRenewal]
}

func NewCommands(repo Repository, payments Payments, tx platform.TxRunner, log *slog.Logger) *Commands {
	log = log.With("module", "passes")
	return &Commands{
		Purchase: command.Apply[Purchase](&purchaseHandler{repo: repo, payments: payments, now: time.Now},
			command.Standard[Purchase](log)...),
		Renew: command.Apply[Renew](&renewHandler{repo: repo, payments: payments, log: log},
			command.Logged[Renew](log)),
		ConfirmRenewal: command.Apply[ConfirmRenewal](&confirmRenewalHandler{repo: repo},
			command.Logged[ConfirmRenewal](log), command.Transactional[ConfirmRenewal](tx)),
	}
}
