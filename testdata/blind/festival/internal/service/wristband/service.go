// Package wristband handles wristband registration, activation at the gate
// and replacement of lost wristbands.
package wristband

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/loopgate/festival-cashless/internal/apperr"
	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/events"
	"github.com/loopgate/festival-cashless/internal/store"
)

const (
	StatusRegistered = "registered"
	StatusActive     = "active"
	StatusReplaced   = "replaced"
)

type Service struct {
	store *store.Store
	pub   events.Publisher
}

func NewService(s *store.Store, pub events.Publisher) *Service {
	return &Service{store: s, pub: pub}
}

type RegisterInput struct {
	UID      string
	Email    string
	FullName string
	Phone    string
}

// Register links a wristband to an attendee, creating the attendee and
// their wallet on first registration.
func (s *Service) Register(ctx context.Context, in RegisterInput) (db.Wristband, error) {
	uid := normaliseUID(in.UID)
	return store.InTxResult(ctx, s.store, func(q *db.Queries) (db.Wristband, error) {
		att, err := q.UpsertAttendee(ctx, db.UpsertAttendeeParams{
			ID:       uuid.New(),
			Email:    strings.ToLower(strings.TrimSpace(in.Email)),
			Phone:    in.Phone,
			FullName: in.FullName,
		})
		if err != nil {
			return db.Wristband{}, fmt.Errorf("upsert attendee: %w", err)
		}
		wallet, err := q.EnsureWallet(ctx, db.EnsureWalletParams{ID: uuid.New(), AttendeeID: att.ID})
		if err != nil {
			return db.Wristband{}, fmt.Errorf("ensure wallet: %w", err)
		}
		wb, err := q.RegisterWristband(ctx, db.RegisterWristbandParams{
			Uid:        uid,
			AttendeeID: &att.ID,
			WalletID:   &wallet.ID,
		})
		if err == nil {
			return wb, nil
		}
		if !store.NoRows(err) {
			return db.Wristband{}, fmt.Errorf("register wristband: %w", err)
		}
		existing, err := q.GetWristband(ctx, uid)
		if err != nil {
			return db.Wristband{}, err
		}
		if existing.AttendeeID == nil || *existing.AttendeeID != att.ID {
			return db.Wristband{}, apperr.Conflict("wristband_taken", "wristband %s belongs to another attendee", uid)
		}
		return existing, nil
	})
}

// Activate is called by the gate scanners on first entry.
func (s *Service) Activate(ctx context.Context, uid string) (db.Wristband, error) {
	uid = normaliseUID(uid)
	wb, err := s.store.ActivateWristband(ctx, uid)
	if store.NoRows(err) {
		wb, err = s.store.GetWristband(ctx, uid)
		if store.NoRows(err) {
			return db.Wristband{}, apperr.NotFound("wristband_not_found", "wristband %s is not registered", uid)
		}
		if err == nil && wb.Status != StatusActive {
			return db.Wristband{}, apperr.Conflict("wristband_state", "wristband %s is %s", uid, wb.Status)
		}
	}
	if err != nil {
		return db.Wristband{}, err
	}
	if wb.AttendeeID == nil || wb.WalletID == nil {
		return wb, nil
	}
	err = s.pub.Publish(ctx, events.SubjectWristbandActivated, "wristband-activated:"+uid, events.WristbandActivated{
		UID:        uid,
		AttendeeID: *wb.AttendeeID,
		WalletID:   *wb.WalletID,
	})
	return wb, err
}

// Replace moves a lost or damaged wristband's wallet onto a new wristband.
func (s *Service) Replace(ctx context.Context, oldUID, newUID string) (db.Wristband, error) {
	oldUID, newUID = normaliseUID(oldUID), normaliseUID(newUID)
	if oldUID == newUID {
		return db.Wristband{}, apperr.Invalid("same_uid", "replacement must be a different wristband")
	}
	return store.InTxResult(ctx, s.store, func(q *db.Queries) (db.Wristband, error) {
		old, err := q.MarkWristbandReplaced(ctx, db.MarkWristbandReplacedParams{NewUid: &newUID, Uid: oldUID})
		if store.NoRows(err) {
			old, err = q.GetWristband(ctx, oldUID)
			if err != nil {
				return db.Wristband{}, err
			}
			if old.Status != StatusReplaced || old.ReplacedBy == nil || *old.ReplacedBy != newUID {
				return db.Wristband{}, apperr.Conflict("wristband_state", "wristband %s is %s", oldUID, old.Status)
			}
		} else if err != nil {
			return db.Wristband{}, err
		}
		repl, err := q.InsertReplacementWristband(ctx, db.InsertReplacementWristbandParams{
			Uid:        newUID,
			AttendeeID: old.AttendeeID,
			WalletID:   old.WalletID,
		})
		if store.NoRows(err) {
			repl, err = q.GetWristband(ctx, newUID)
			if err != nil {
				return db.Wristband{}, err
			}
			if !sameWallet(repl.WalletID, old.WalletID) {
				return db.Wristband{}, apperr.Conflict("wristband_taken", "wristband %s is already in use", newUID)
			}
		}
		return repl, err
	})
}

func sameWallet(a, b *uuid.UUID) bool {
	return a != nil && b != nil && *a == *b
}

func normaliseUID(uid string) string {
	return strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(uid), ":", ""))
}
