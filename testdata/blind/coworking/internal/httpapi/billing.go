package httpapi

import (
	"errors"
	"net/http"

	"github.com/deskhive/coworking/internal/billing"
	"github.com/deskhive/coworking/internal/httpx"
)

func billingError(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, billing.ErrNotFound):
		httpx.Fail(w, r, httpx.ErrNotFound)
	case errors.Is(err, billing.ErrNoPaymentProfile):
		httpx.Fail(w, r, httpx.Errorf(http.StatusUnprocessableEntity, "no_payment_profile", "%v", err))
	case errors.Is(err, billing.ErrAlreadySubscribed):
		httpx.Fail(w, r, httpx.Errorf(http.StatusConflict, "already_subscribed", "%v", err))
	default:
		httpx.Fail(w, r, err)
	}
}

type subscribeRequest struct {
	PlanID string `json:"plan_id"`
}

func subscribe(svc billing.MembershipService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		member, err := caller(r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		req, err := httpx.Bind[subscribeRequest](r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		m, err := svc.Subscribe(r.Context(), member, req.PlanID)
		if err != nil {
			billingError(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, m)
	}
}

func cancelMembership(svc billing.MembershipService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		member, err := caller(r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		id, err := pathUUID(r, "membershipID")
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		if err := svc.Cancel(r.Context(), member, id); err != nil {
			billingError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

type dayPassRequest struct {
	Date string `json:"date"`
}

func buyDayPass(svc billing.PassService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		member, err := caller(r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		req, err := httpx.Bind[dayPassRequest](r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		day, err := parseDate(req.Date)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		pass, err := svc.BuyDayPass(r.Context(), member, day)
		if err != nil {
			billingError(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, pass)
	}
}

type chargeRequest struct {
	Description string `json:"description"`
	AmountCents int64  `json:"amount_cents"`
}

func (c *chargeRequest) Validate() error {
	if c.AmountCents <= 0 || c.AmountCents > 100_000 {
		return errors.New("amount_cents must be between 1 and 100000")
	}
	if c.Description == "" {
		return errors.New("description is required")
	}
	return nil
}

// addCharge is used by front-desk staff to bill printing, lockers and the
// like onto a member's next invoice.
func addCharge(svc billing.PassService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		member, err := pathUUID(r, "memberID")
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		key, err := httpx.RequireIdempotencyKey(r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		req, err := httpx.Bind[chargeRequest](r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		charge, err := svc.AddCharge(r.Context(), billing.ChargeInput{
			IdempotencyKey: key,
			MemberID:       member,
			Description:    req.Description,
			AmountCents:    req.AmountCents,
		})
		if err != nil {
			billingError(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, charge)
	}
}
