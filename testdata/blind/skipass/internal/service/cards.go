package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/config"
	"github.com/summitline/skipass/internal/model"
	"github.com/summitline/skipass/internal/platform/queue"
	"github.com/summitline/skipass/internal/provider/cardissuer"
	"github.com/summitline/skipass/internal/store"
	"github.com/summitline/skipass/internal/tasks"
)

// CardService manages the physical RFID cards behind passes.
type CardService interface {
	Encode(ctx context.Context, passID string) error
	HandleCallback(ctx context.Context, ev cardissuer.CallbackEvent) error
	ReplaceCard(ctx context.Context, accountID, passID, reason string) (*model.CardReplacement, error)
	Ship(ctx context.Context, passID string) error
	ExpireEnded(ctx context.Context, asOf time.Time) (int64, error)
}

type cardService struct {
	db             *bun.DB
	accounts       store.Accounts
	passes         store.Passes
	cards          store.Cards
	issuer         CardIssuer
	texts          TextSender
	queue          queue.Enqueuer
	log            *slog.Logger
	replacementFee int64
	now            Clock
}

func NewCardService(cfg config.Config, db *bun.DB, accounts store.Accounts, passes store.Passes, cards store.Cards,
	issuer CardIssuer, texts TextSender, q queue.Enqueuer, log *slog.Logger) *cardService {
	return &cardService{
		db: db, accounts: accounts, passes: passes, cards: cards, issuer: issuer, texts: texts,
		queue: q, log: log, replacementFee: 1000, now: time.Now,
	}
}

func (s *cardService) Encode(ctx context.Context, passID string) error {
	p, err := s.passes.Get(ctx, s.db, passID)
	if err != nil {
		return mapErr(err)
	}
	if p.CardUID != nil || p.Status == model.PassVoid {
		return nil
	}
	job, err := s.cards.EnsureEncoding(ctx, s.db, p.ID)
	if err != nil {
		return err
	}
	if job.Status != "pending" {
		return nil
	}
	holder := p.HolderName
	if holder == "" {
		acct, err := s.accounts.Get(ctx, s.db, p.AccountID)
		if err != nil {
			return err
		}
		holder = acct.DisplayName
	}
	res, err := s.issuer.Encode(ctx, cardissuer.EncodeRequest{
		PassID:     p.ID,
		Product:    p.ProductID,
		HolderName: holder,
		ValidFrom:  p.ValidFrom.Format(time.DateOnly),
		ValidTo:    p.ValidTo.Format(time.DateOnly),
	}, "encode-"+p.ID)
	if err != nil {
		return err
	}
	return s.cards.MarkEncodingSubmitted(ctx, s.db, p.ID, res.JobID)
}

// HandleCallback processes the partner's job-status callbacks.
func (s *cardService) HandleCallback(ctx context.Context, ev cardissuer.CallbackEvent) error {
	switch ev.Type {
	case "encoding.completed":
		return s.encodingCompleted(ctx, ev)
	case "encoding.failed":
		s.log.Warn("card encoding failed", "pass_id", ev.PassID, "job_id", ev.JobID, "error", ev.Error)
		return nil
	default:
		return nil
	}
}

func (s *cardService) encodingCompleted(ctx context.Context, ev cardissuer.CallbackEvent) error {
	p, err := s.passes.Get(ctx, s.db, ev.PassID)
	if err != nil {
		return mapErr(err)
	}
	if p.CardUID == nil || *p.CardUID != ev.CardUID {
		acct, err := s.accounts.Get(ctx, s.db, p.AccountID)
		if err != nil {
			return err
		}
		if acct.Phone != "" {
			if _, err := s.texts.Send(ctx, acct.Phone, passReadyText(p, ev.CardUID)); err != nil {
				return fmt.Errorf("pass-ready sms: %w", err)
			}
		}
		if _, err := withTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) (bool, error) {
			changed, err := s.passes.AttachCard(ctx, tx, p.ID, ev.CardUID)
			if err != nil {
				return false, err
			}
			return changed, s.cards.MarkEncodingCompleted(ctx, tx, p.ID, s.now())
		}); err != nil {
			return err
		}
	}
	if p.Kind != model.ProductSeasonPass {
		return nil
	}
	t, err := tasks.New(tasks.TypeShipCard, tasks.ShipCard{PassID: p.ID})
	if err != nil {
		return err
	}
	return tasks.Enqueue(ctx, s.queue, t, tasks.Options(tasks.TypeShipCard, tasks.ID("ship", p.ID))...)
}

func passReadyText(p *model.Pass, cardUID string) string {
	last := cardUID
	if len(last) > 4 {
		last = last[len(last)-4:]
	}
	if p.Kind == model.ProductSeasonPass {
		return fmt.Sprintf("Your season pass is on card ...%s and will be posted to you this week.", last)
	}
	return fmt.Sprintf("Your lift ticket for %s is ready on card ...%s. Collect it at any ticket kiosk.",
		p.ValidFrom.Format("2 Jan"), last)
}

func (s *cardService) ReplaceCard(ctx context.Context, accountID, passID, reason string) (*model.CardReplacement, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return nil, ErrInvalid
	}
	p, err := s.passes.Get(ctx, s.db, passID)
	if err != nil {
		return nil, mapErr(err)
	}
	if p.AccountID != accountID {
		return nil, ErrNotFound
	}
	if p.CardUID == nil || p.Status != model.PassActive {
		return nil, ErrConflict
	}
	oldUID := *p.CardUID

	r, err := s.cards.EnsureReplacement(ctx, s.db, &model.CardReplacement{
		PassID:     p.ID,
		OldCardUID: oldUID,
		Reason:     reason,
		FeeCents:   s.replacementFee,
		Status:     "requested",
	})
	if err != nil {
		return nil, err
	}
	if r.Status == "submitted" {
		return r, nil
	}
	if err := s.issuer.Block(ctx, oldUID, reason); err != nil {
		return nil, err
	}
	job, err := s.issuer.Reprint(ctx, cardissuer.ReprintRequest{
		PassID:     p.ID,
		OldCardUID: oldUID,
		Reason:     reason,
	})
	if err != nil {
		return nil, err
	}
	if err := s.cards.MarkReplacementSubmitted(ctx, s.db, r.ID, job.JobID); err != nil {
		return nil, err
	}
	r.Status, r.PartnerRequestID = "submitted", job.JobID
	return r, nil
}

// Ship posts an encoded season-pass card to the holder's address.
func (s *cardService) Ship(ctx context.Context, passID string) error {
	if _, err := s.cards.ShipmentFor(ctx, s.db, passID); err == nil {
		return nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	p, err := s.passes.Get(ctx, s.db, passID)
	if err != nil {
		return mapErr(err)
	}
	if p.CardUID == nil {
		return fmt.Errorf("pass %s has no card yet: %w", p.ID, ErrConflict)
	}
	acct, err := s.accounts.Get(ctx, s.db, p.AccountID)
	if err != nil {
		return err
	}
	recipient := p.HolderName
	if recipient == "" {
		recipient = acct.DisplayName
	}
	shipment, err := s.issuer.CreateShipment(ctx, cardissuer.ShipmentRequest{
		CardUID:   *p.CardUID,
		Recipient: recipient,
		Address: cardissuer.Address{
			Line1:      acct.AddressLine1,
			City:       acct.City,
			PostalCode: acct.PostalCode,
			Country:    acct.Country,
		},
	})
	if err != nil {
		return err
	}
	return s.cards.InsertShipment(ctx, s.db, &model.CardShipment{
		PassID:            p.ID,
		PartnerShipmentID: shipment.ShipmentID,
		TrackingCode:      shipment.TrackingCode,
	})
}

func (s *cardService) ExpireEnded(ctx context.Context, asOf time.Time) (int64, error) {
	return s.passes.ExpireEndedBefore(ctx, s.db, asOf)
}
