package accesssync

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/kerfhall/makerspace/internal/domain"
	"github.com/kerfhall/makerspace/internal/provider/doorctl"
	"github.com/kerfhall/makerspace/internal/repository"
)

const errVendorRejected = "VendorRejected"

// Door is the part of the vendor client the activities use.
type Door interface {
	Grant(ctx context.Context, req doorctl.GrantRequest, opts ...doorctl.CallOption) (*doorctl.Change, error)
	Revoke(ctx context.Context, req doorctl.RevokeRequest, opts ...doorctl.CallOption) (*doorctl.Change, error)
	CreateAccessWindow(ctx context.Context, req doorctl.WindowRequest, opts ...doorctl.CallOption) (*doorctl.Window, error)
	SetMemberStatus(ctx context.Context, memberRef, status string) error
	ListCredentials(ctx context.Context, cursor string) (*doorctl.CredentialPage, error)
}

// Activities are registered on the worker as a struct so they share dependencies.
type Activities struct {
	access   repository.AccessRepository
	bookings repository.BookingRepository
	machines repository.MachineRepository
	door     Door
	newID    func() string
	newKey   func() string
	now      func() time.Time
}

// NewActivities wires the activities.
func NewActivities(
	access repository.AccessRepository,
	bookings repository.BookingRepository,
	machines repository.MachineRepository,
	door Door,
	newID func() string,
	newKey func() string,
	now func() time.Time,
) *Activities {
	return &Activities{access: access, bookings: bookings, machines: machines, door: door,
		newID: newID, newKey: newKey, now: now}
}

// vendorError turns 4xx answers into non-retryable application errors so the
// workflow stops hammering the vendor with a request it will never accept.
func vendorError(err error) error {
	var vErr *doorctl.Error
	if errors.As(err, &vErr) && !vErr.Retryable() {
		return temporal.NewNonRetryableApplicationError(vErr.Error(), errVendorRejected, err)
	}
	return err
}

// LoadChange reads the access change.
func (a *Activities) LoadChange(ctx context.Context, changeID string) (*domain.AccessChange, error) {
	return a.access.GetChange(ctx, changeID)
}

// PushGrant asks the vendor to grant zone access. The key is the workflow id
// plus the activity id, which Temporal keeps the same across retries of this
// activity.
func (a *Activities) PushGrant(ctx context.Context, ch domain.AccessChange) (*PushResult, error) {
	info := activity.GetInfo(ctx)
	key := info.WorkflowExecution.ID + "/" + info.ActivityID
	res, err := a.door.Grant(ctx, doorctl.GrantRequest{
		MemberRef: doorctl.MemberRef(ch.MemberID),
		Zone:      ch.Zone,
		Reason:    ch.SourceRef,
	}, doorctl.WithIdempotencyKey(key))
	if err != nil {
		return nil, vendorError(err)
	}
	return &PushResult{VendorChangeID: res.ID, State: "granted"}, nil
}

// PushRevoke asks the vendor to remove zone access.
func (a *Activities) PushRevoke(ctx context.Context, ch domain.AccessChange) (*PushResult, error) {
	res, err := a.door.Revoke(ctx, doorctl.RevokeRequest{
		MemberRef: doorctl.MemberRef(ch.MemberID),
		Zone:      ch.Zone,
		Reason:    ch.SourceRef,
	}, doorctl.WithIdempotencyKey(a.newKey()))
	if err != nil {
		return nil, vendorError(err)
	}
	return &PushResult{VendorChangeID: res.ID, State: "revoked"}, nil
}

// SetMemberStatus puts the member's status at the vendor. The vendor's PUT sets
// absolute state, so repeating it is harmless.
func (a *Activities) SetMemberStatus(ctx context.Context, in StatusInput) (*PushResult, error) {
	if err := a.door.SetMemberStatus(ctx, doorctl.MemberRef(in.MemberID), in.Status); err != nil {
		return nil, vendorError(err)
	}
	state := "granted"
	if in.Status == "suspended" {
		state = "suspended"
	}
	return &PushResult{State: state}, nil
}

// RecordSyncResult marks the change applied and updates the member's access state.
func (a *Activities) RecordSyncResult(ctx context.Context, in SyncResult) error {
	ch, err := a.access.GetChange(ctx, in.ChangeID)
	if err != nil {
		return err
	}
	if ch.Status == domain.ChangeApplied {
		return nil
	}
	now := a.now()
	if err := a.access.MarkApplied(ctx, in.ChangeID, in.VendorChangeID, now); err != nil {
		return fmt.Errorf("mark applied: %w", err)
	}
	if err := a.access.SetMemberAccess(ctx, in.MemberID, in.Zone, in.State, now); err != nil {
		return fmt.Errorf("member access: %w", err)
	}
	return nil
}

// RecordSyncAttempt appends to the audit log of vendor attempts. Each attempt
// is its own row by design.
func (a *Activities) RecordSyncAttempt(ctx context.Context, in AttemptInput) error {
	attempt := in.Attempt
	if attempt == 0 {
		attempt = int(activity.GetInfo(ctx).Attempt)
	}
	return a.access.AppendSyncAttempt(ctx, &domain.SyncAttempt{
		ID:        a.newID(),
		ChangeID:  in.ChangeID,
		Attempt:   attempt,
		Outcome:   in.Outcome,
		Detail:    truncate(in.Detail, 500),
		CreatedAt: a.now(),
	})
}

// OpenBookingWindow schedules the door window for a booking's machine room.
func (a *Activities) OpenBookingWindow(ctx context.Context, bookingID string) error {
	if _, err := a.access.GetWindow(ctx, bookingID); err == nil {
		return nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	b, err := a.bookings.Get(ctx, bookingID)
	if err != nil {
		return err
	}
	if b.Status != domain.BookingConfirmed {
		return nil
	}
	m, err := a.machines.Get(ctx, b.MachineID)
	if err != nil {
		return err
	}
	opens := b.StartsAt.Add(-15 * time.Minute)
	closes := b.EndsAt.Add(30 * time.Minute)
	win, err := a.door.CreateAccessWindow(ctx, doorctl.WindowRequest{
		MemberRef: doorctl.MemberRef(b.MemberID),
		Zone:      m.DoorZone,
		OpensAt:   opens,
		ClosesAt:  closes,
		Label:     "booking " + b.ID,
	})
	if err != nil {
		return vendorError(err)
	}
	return a.access.SaveWindow(ctx, &domain.AccessWindow{
		BookingID:      b.ID,
		MemberID:       b.MemberID,
		Zone:           m.DoorZone,
		VendorWindowID: win.ID,
		OpensAt:        opens,
		ClosesAt:       closes,
	})
}

// ReconcileCredentials pages through the vendor's credential list and upserts
// each into the local mirror.
func (a *Activities) ReconcileCredentials(ctx context.Context) error {
	cursor := ""
	if activity.HasHeartbeatDetails(ctx) {
		_ = activity.GetHeartbeatDetails(ctx, &cursor)
	}
	for {
		page, err := a.door.ListCredentials(ctx, cursor)
		if err != nil {
			return vendorError(err)
		}
		for _, c := range page.Items {
			var memberID *string
			if len(c.MemberRef) > 3 && c.MemberRef[:3] == "kh-" {
				id := c.MemberRef[3:]
				memberID = &id
			}
			if err := a.access.UpsertCredential(ctx, &domain.DoorCredential{
				VendorCredentialID: c.ID,
				MemberID:           memberID,
				Kind:               c.Kind,
				Status:             c.Status,
				VendorUpdatedAt:    c.UpdatedAt,
			}); err != nil {
				return err
			}
		}
		if page.NextCursor == "" {
			return nil
		}
		cursor = page.NextCursor
		activity.RecordHeartbeat(ctx, cursor)
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
