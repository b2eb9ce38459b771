package app

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"github.com/northsound/ferrydesk/internal/config"
	"github.com/northsound/ferrydesk/internal/domain"
	"github.com/northsound/ferrydesk/internal/jobs"
	"github.com/northsound/ferrydesk/internal/provider/sms"
	"github.com/northsound/ferrydesk/internal/store"
)

// Boarding handles check-in and boarding passes.
type Boarding struct {
	store  store.Store
	sms    SMSSender
	secret []byte
	now    Clock
	log    *slog.Logger
}

// NewBoarding builds the boarding service.
func NewBoarding(s store.Store, sender SMSSender, cfg config.Config, log *slog.Logger) *Boarding {
	return &Boarding{
		store:  s,
		sms:    sender,
		secret: []byte(cfg.BarcodeSecret),
		now:    SystemClock,
		log:    log.With("service", "boarding"),
	}
}

// CheckInInput is a passenger presenting at a desk or kiosk.
type CheckInInput struct {
	SailingID   uuid.UUID
	PassengerID uuid.UUID
	Desk        string
}

// CheckIn records the passenger as checked in, issues their boarding pass
// and queues its delivery.
func (s *Boarding) CheckIn(ctx context.Context, in CheckInInput) (domain.BoardingPass, error) {
	if in.Desk == "" {
		in.Desk = "web"
	}
	p, err := s.store.Bookings().Passenger(ctx, in.PassengerID)
	if err != nil {
		return domain.BoardingPass{}, err
	}
	b, err := s.store.Bookings().Get(ctx, p.BookingID)
	if err != nil {
		return domain.BoardingPass{}, err
	}
	if b.SailingID != in.SailingID || b.Status != domain.BookingConfirmed {
		return domain.BoardingPass{}, ErrNotCheckable
	}
	sailing, err := s.store.Sailings().Get(ctx, b.SailingID)
	if err != nil {
		return domain.BoardingPass{}, err
	}
	if sailing.Status != domain.SailingScheduled && sailing.Status != domain.SailingBoarding {
		return domain.BoardingPass{}, ErrNotCheckable
	}

	err = s.store.BoardingPasses().RecordCheckin(ctx, p.ID, sailing.ID, in.Desk, s.now())
	if errors.Is(err, store.ErrConflict) {
		return domain.BoardingPass{}, ErrAlreadyCheckedIn
	}
	if err != nil {
		return domain.BoardingPass{}, err
	}

	pass := domain.BoardingPass{
		ID:          uuid.New(),
		PassengerID: p.ID,
		SailingID:   sailing.ID,
		BookingID:   b.ID,
		Barcode:     s.barcode(p.ID, sailing.ID),
	}
	err = s.store.InTx(ctx, func(tx store.Store) error {
		if err := tx.BoardingPasses().UpsertPass(ctx, &pass); err != nil {
			return err
		}
		if err := tx.Jobs().Enqueue(ctx, jobs.BoardingPassArgs{BoardingPassID: pass.ID}, jobs.Unique()); err != nil {
			return err
		}
		if sailing.ManifestStatus != domain.ManifestSubmitted {
			return nil
		}
		amend := jobs.ManifestAmendArgs{SailingID: sailing.ID, PassengerID: p.ID}
		return tx.Jobs().Enqueue(ctx, amend, jobs.Unique())
	})
	if err != nil {
		return domain.BoardingPass{}, err
	}
	return pass, nil
}

// SendPass texts the boarding pass to the booking's contact phone.
func (s *Boarding) SendPass(ctx context.Context, passID uuid.UUID) error {
	pass, err := s.store.BoardingPasses().Get(ctx, passID)
	if err != nil {
		return err
	}
	if pass.Status != "issued" {
		return nil
	}
	b, err := s.store.Bookings().Get(ctx, pass.BookingID)
	if err != nil {
		return err
	}
	p, err := s.store.Bookings().Passenger(ctx, pass.PassengerID)
	if err != nil {
		return err
	}
	sailing, err := s.store.Sailings().Get(ctx, pass.SailingID)
	if err != nil {
		return err
	}

	res, err := s.sms.Send(ctx, sms.Message{
		To: b.ContactPhone,
		Body: fmt.Sprintf("NorthSound boarding pass for %s, %s %s %s. Show this code at the gate: %s",
			firstName(p.FullName), sailing.OriginPort, sailing.DestinationPort,
			sailing.DepartsAt.Format("02 Jan 15:04"), pass.Barcode),
		Tag:            "boarding-pass",
		IdempotencyKey: "boarding-pass-" + pass.ID.String(),
	})
	if err != nil {
		return err
	}
	if err := s.store.BoardingPasses().RecordDelivery(ctx, pass.ID, "sms", res.MessageID); err != nil {
		return err
	}
	return s.store.BoardingPasses().MarkSent(ctx, pass.ID, s.now())
}

// barcode is a short MAC over the passenger and sailing; gate scanners
// verify it offline.
func (s *Boarding) barcode(passengerID, sailingID uuid.UUID) string {
	mac := hmac.New(sha256.New, s.secret)
	mac.Write(passengerID[:])
	mac.Write(sailingID[:])
	sum := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(mac.Sum(nil))
	return "NSF" + sum[:16]
}

func firstName(full string) string {
	if f := strings.Fields(full); len(f) > 0 {
		return f[0]
	}
	return full
}
