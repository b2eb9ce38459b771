package service

import (
	"context"
	"log/slog"

	"github.com/kerfhall/makerspace/internal/domain"
	"github.com/kerfhall/makerspace/internal/platform/dbx"
	"github.com/kerfhall/makerspace/internal/provider/doorctl"
	"github.com/kerfhall/makerspace/internal/repository"
)

// AccessService handles notifications from the door vendor.
type AccessService struct {
	tx     dbx.TxManager
	access repository.AccessRepository
	events repository.EventRepository
	now    Clock
}

// NewAccessService wires an AccessService.
func NewAccessService(tx dbx.TxManager, access repository.AccessRepository, events repository.EventRepository, now Clock) *AccessService {
	return &AccessService{tx: tx, access: access, events: events, now: now}
}

const sourceDoorctl = "doorctl"

// HandleVendorEvent mirrors credential changes reported by the vendor. The
// event id is claimed in the same transaction as the mirror update.
func (s *AccessService) HandleVendorEvent(ctx context.Context, evt *doorctl.Event) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		first, err := s.events.Claim(ctx, sourceDoorctl, evt.EventID)
		if err != nil || !first {
			return err
		}
		switch evt.Type {
		case "credential.provisioned", "credential.deactivated", "credential.updated":
			var memberID *string
			if len(evt.MemberRef) > 3 && evt.MemberRef[:3] == "kh-" {
				id := evt.MemberRef[3:]
				memberID = &id
			}
			return s.access.UpsertCredential(ctx, &domain.DoorCredential{
				VendorCredentialID: evt.CredentialID,
				MemberID:           memberID,
				Kind:               "badge",
				Status:             evt.Status,
				VendorUpdatedAt:    evt.OccurredAt,
			})
		case "door.forced":
			slog.WarnContext(ctx, "door forced open", "credential", evt.CredentialID, "at", evt.OccurredAt)
			return nil
		default:
			return nil
		}
	})
}
