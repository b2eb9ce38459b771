package httpapi

import (
	"errors"
	"fmt"
	"net/http"
	"net/mail"

	"github.com/google/uuid"

	"github.com/deskhive/coworking/internal/httpx"
	"github.com/deskhive/coworking/internal/idempotency"
	"github.com/deskhive/coworking/internal/members"
)

type createMemberRequest struct {
	Email     string     `json:"email"`
	FullName  string     `json:"full_name"`
	Phone     string     `json:"phone"`
	CompanyID *uuid.UUID `json:"company_id,omitempty"`
}

func (r *createMemberRequest) Validate() error {
	if _, err := mail.ParseAddress(r.Email); err != nil {
		return fmt.Errorf("email: %w", err)
	}
	if r.FullName == "" || r.Phone == "" {
		return errors.New("full_name and phone are required")
	}
	return nil
}

func createMember(svc members.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		req, err := httpx.Bind[createMemberRequest](r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		m, err := svc.Register(r.Context(), members.RegisterInput{
			Email:     req.Email,
			FullName:  req.FullName,
			Phone:     req.Phone,
			CompanyID: req.CompanyID,
		})
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, m)
	}
}

type transferRequest struct {
	ToMemberID uuid.UUID `json:"to_member_id"`
	Minutes    int32     `json:"minutes"`
	Note       string    `json:"note"`
}

func (r *transferRequest) Validate() error {
	if r.Minutes <= 0 {
		return errors.New("minutes must be positive")
	}
	if r.ToMemberID == uuid.Nil {
		return errors.New("to_member_id is required")
	}
	return nil
}

func transferCredits(svc members.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		from, err := pathUUID(r, "memberID")
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		key, err := httpx.RequireIdempotencyKey(r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		req, err := httpx.Bind[transferRequest](r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		err = svc.TransferCredits(r.Context(), members.TransferInput{
			IdempotencyKey: key,
			FromMemberID:   from,
			ToMemberID:     req.ToMemberID,
			Minutes:        req.Minutes,
			Note:           req.Note,
		})
		switch {
		case errors.Is(err, members.ErrInsufficientCredits):
			httpx.Fail(w, r, httpx.Errorf(http.StatusUnprocessableEntity, "insufficient_credits", "%v", err))
		case errors.Is(err, idempotency.ErrInFlight), errors.Is(err, idempotency.ErrKeyReused):
			httpx.Fail(w, r, httpx.Errorf(http.StatusConflict, "idempotency_conflict", "%v", err))
		case errors.Is(err, members.ErrSameMember):
			httpx.Fail(w, r, httpx.Errorf(http.StatusUnprocessableEntity, "same_member", "%v", err))
		case err != nil:
			httpx.Fail(w, r, err)
		default:
			w.WriteHeader(http.StatusNoContent)
		}
	}
}
