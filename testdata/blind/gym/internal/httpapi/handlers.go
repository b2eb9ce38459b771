package httpapi

import (
	"context"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/pulsefit/memberships/internal/access"
	"github.com/pulsefit/memberships/internal/classes"
	"github.com/pulsefit/memberships/internal/guests"
	"github.com/pulsefit/memberships/internal/membership"
	"github.com/pulsefit/memberships/internal/training"
)

func badRequest(err error) error {
	return echo.NewHTTPError(http.StatusBadRequest, err.Error())
}

type createdSignUp struct{ membership.SignUpResult }

func (createdSignUp) Created() bool { return true }

func (a *API) signUp(ctx context.Context, req SignUpRequest) (createdSignUp, error) {
	res, err := a.memberships.SignUp(ctx, membership.SignUpInput{
		IdempotencyKey: req.IdempotencyKey,
		Email:          req.Email,
		Phone:          req.Phone,
		FullName:       req.FullName,
		ClubID:         req.ClubID,
		PlanID:         req.PlanID,
	})
	return createdSignUp{res}, err
}

func (a *API) cancelMembership(ctx context.Context, req CancelMembershipRequest) (membership.CancelResult, error) {
	id, err := uuid.Parse(req.ID)
	if err != nil {
		return membership.CancelResult{}, badRequest(err)
	}
	return a.memberships.Cancel(ctx, id, req.Reason)
}

func (a *API) freezeMembership(ctx context.Context, req FreezeRequest) (membership.FreezeResult, error) {
	id, err := uuid.Parse(req.ID)
	if err != nil {
		return membership.FreezeResult{}, badRequest(err)
	}
	return a.memberships.Freeze(ctx, membership.FreezeInput{
		MembershipID:   id,
		IdempotencyKey: req.IdempotencyKey,
		StartsOn:       req.startsOn,
		Days:           req.Days,
		Reason:         req.Reason,
	})
}

func (a *API) bookClass(ctx context.Context, req BookClassRequest) (classes.Booking, error) {
	memberID, err := req.member()
	if err != nil {
		return classes.Booking{}, badRequest(err)
	}
	ids, err := parseIDs(req.SessionID)
	if err != nil {
		return classes.Booking{}, badRequest(err)
	}
	source := req.Source
	if source == "" {
		source = "app"
	}
	return a.classes.Book(ctx, ids[0], memberID, source)
}

func (a *API) cancelClassBooking(ctx context.Context, req CancelClassBookingRequest) (Empty, error) {
	memberID, err := req.member()
	if err != nil {
		return Empty{}, badRequest(err)
	}
	ids, err := parseIDs(req.SessionID, req.BookingID)
	if err != nil {
		return Empty{}, badRequest(err)
	}
	return Empty{}, a.classes.CancelBooking(ctx, ids[0], ids[1], memberID)
}

func (a *API) joinWaitlist(ctx context.Context, req JoinWaitlistRequest) (classes.WaitlistEntry, error) {
	memberID, err := req.member()
	if err != nil {
		return classes.WaitlistEntry{}, badRequest(err)
	}
	ids, err := parseIDs(req.SessionID)
	if err != nil {
		return classes.WaitlistEntry{}, badRequest(err)
	}
	return a.classes.JoinWaitlist(ctx, ids[0], memberID)
}

type createdPass struct{ guests.Pass }

func (createdPass) Created() bool { return true }

func (a *API) issueGuestPass(ctx context.Context, req IssueGuestPassRequest) (createdPass, error) {
	memberID, err := req.member()
	if err != nil {
		return createdPass{}, badRequest(err)
	}
	pass, err := a.guests.Issue(ctx, guests.IssueInput{
		MemberID:   memberID,
		GuestName:  req.GuestName,
		GuestPhone: req.GuestPhone,
		ValidOn:    req.validOn,
	})
	return createdPass{pass}, err
}

func (a *API) purchasePack(ctx context.Context, req PurchasePackRequest) (training.Pack, error) {
	memberID, err := req.member()
	if err != nil {
		return training.Pack{}, badRequest(err)
	}
	in := training.PurchaseInput{
		IdempotencyKey: req.IdempotencyKey,
		MemberID:       memberID,
		Sessions:       req.Sessions,
	}
	if req.TrainerID != "" {
		tid, err := uuid.Parse(req.TrainerID)
		if err != nil {
			return training.Pack{}, badRequest(err)
		}
		in.TrainerID = &tid
	}
	return a.training.PurchasePack(ctx, in)
}

func (a *API) transferSessions(ctx context.Context, req TransferSessionsRequest) (training.TransferResult, error) {
	memberID, err := req.member()
	if err != nil {
		return training.TransferResult{}, badRequest(err)
	}
	ids, err := parseIDs(req.FromPackID, req.ToPackID)
	if err != nil {
		return training.TransferResult{}, badRequest(err)
	}
	return a.training.TransferSessions(ctx, training.TransferInput{
		IdempotencyKey: req.IdempotencyKey,
		MemberID:       memberID,
		FromPackID:     ids[0],
		ToPackID:       ids[1],
		Sessions:       req.Sessions,
	})
}

func (a *API) bookTrainer(ctx context.Context, req BookTrainerRequest) (training.SessionBooking, error) {
	memberID, err := req.member()
	if err != nil {
		return training.SessionBooking{}, badRequest(err)
	}
	ids, err := parseIDs(req.PackID, req.TrainerID)
	if err != nil {
		return training.SessionBooking{}, badRequest(err)
	}
	return a.training.BookSession(ctx, training.BookInput{
		MemberID:  memberID,
		PackID:    ids[0],
		TrainerID: ids[1],
		StartsAt:  req.StartsAt,
	})
}

func (a *API) checkInTrainerSession(ctx context.Context, req CheckInRequest) (Empty, error) {
	ids, err := parseIDs(req.BookingID, req.TrainerID)
	if err != nil {
		return Empty{}, badRequest(err)
	}
	return Empty{}, a.training.CheckIn(ctx, ids[0], ids[1], req.Note)
}

func (a *API) requestCard(ctx context.Context, req RequestCardRequest) (access.CardRequest, error) {
	memberID, err := req.member()
	if err != nil {
		return access.CardRequest{}, badRequest(err)
	}
	return a.access.RequestCard(ctx, memberID)
}
