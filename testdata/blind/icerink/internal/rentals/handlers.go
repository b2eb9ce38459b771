package rentals

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/frostline-arena/rinkops/internal/command"
	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/providers/cardpay"
)

type checkoutHandler struct {
	repo     Repository
	deposits Deposits
	tx       platform.TxRunner
}

func (h *checkoutHandler) Handle(ctx context.Context, cmd Checkout) error {
	// The claim ticket identifies this checkout across kiosk retries, so
	// Cardpay hands back the same hold if we ask twice.
	hold, err := h.deposits.AuthorizeHold(ctx, cardpay.HoldRequest{
		CardToken:   cmd.CardToken,
		AmountCents: DepositCents,
		Currency:    "CAD",
		Reference:   cmd.TicketNo,
	}, cardpay.WithIdempotencyKey("deposit-"+cmd.TicketNo))
	if err != nil {
		return fmt.Errorf("deposit hold: %w", err)
	}

	return h.tx.InTx(ctx, func(ctx context.Context) error {
		if err := h.repo.TakePair(ctx, cmd.RinkID, cmd.SkateSize); err != nil {
			return err
		}
		id, err := h.repo.Insert(ctx, NewRental{
			TicketNo:      cmd.TicketNo,
			RinkID:        cmd.RinkID,
			SkateSize:     cmd.SkateSize,
			MemberID:      cmd.MemberID,
			CardToken:     cmd.CardToken,
			DepositCents:  DepositCents,
			DepositHoldID: hold.ID,
		})
		if err != nil {
			return err
		}
		if cmd.RentalID != nil {
			*cmd.RentalID = id
		}
		return nil
	})
}

type returnHandler struct {
	repo     Repository
	deposits Deposits
	log      *slog.Logger
}

func (h *returnHandler) Handle(ctx context.Context, cmd Return) error {
	r, err := h.repo.MarkReturned(ctx, cmd.RentalID, cmd.DamageCents)
	if err != nil {
		return err
	}
	if err := h.repo.Restock(ctx, r.RinkID, r.SkateSize); err != nil {
		return fmt.Errorf("restock %s/%s: %w", r.RinkID, r.SkateSize, err)
	}
	if !r.DepositHoldID.Valid {
		return nil
	}

	settled := "released"
	if cmd.DamageCents > 0 {
		_, err = h.deposits.CaptureHold(ctx, r.DepositHoldID.String, int64(cmd.DamageCents),
			cardpay.WithIdempotencyKey("capture-"+r.ID.String()))
		settled = "captured"
	} else {
		err = h.deposits.ReleaseHold(ctx, r.DepositHoldID.String,
			cardpay.WithIdempotencyKey("release-"+r.ID.String()))
	}
	if err != nil {
		return fmt.Errorf("settle deposit for rental %s: %w", r.ID, err)
	}
	h.log.InfoContext(ctx, "rental returned", "rental", r.ID, "deposit", settled, "damage", cmd.DamageCents)
	return h.repo.SetDepositSettled(ctx, r.ID, settled)
}

type Commands struct {
	Checkout command.Handler[Checkout]
	Return   command.Handler[Return]
}

func NewCommands(repo Repository, deposits Deposits, tx platform.TxRunner, log *slog.Logger) *Commands {
	log = log.With("module", "rentals")
	return &Commands{
		Checkout: command.Apply[Checkout](&checkoutHandler{repo: repo, deposits: deposits, tx: tx},
			command.Standard[Checkout](log)...),
		Return: command.Apply[Return](&returnHandler{repo: repo, deposits: deposits, log: log},
			command.Standard[Return](log)...),
	}
}
