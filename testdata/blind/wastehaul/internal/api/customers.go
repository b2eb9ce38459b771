package api

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/haulcore/wastehaul/internal/idempotency"
	"github.com/haulcore/wastehaul/internal/platform/httpx"
	"github.com/haulcore/wastehaul/internal/service/accounts"
)

// CustomerHandler serves /v1/customers.
type CustomerHandler struct {
	svc    accounts.Service
	replay *idempotency.Replayer
}

// NewCustomerHandler returns the handler group.
func NewCustomerHandler(svc accounts.Service, replay *idempotency.Replayer) *CustomerHandler {
	return &CustomerHandler{svc: svc, replay: replay}
}

// Register implements Routes.
func (h *CustomerHandler) Register(r chi.Router) {
	r.Route("/v1/customers", func(r chi.Router) {
		r.Method(http.MethodPost, "/", httpx.Handler(h.create))
		r.Method(http.MethodPost, "/{customerID}/payment-methods", httpx.Handler(h.attachCard))
		r.With(h.replay.Middleware("customers.credit")).
			Method(http.MethodPost, "/{customerID}/credits", httpx.Handler(h.issueCredit))
	})
}

type createCustomerReq struct {
	AccountNumber    string `json:"account_number"`
	Name             string `json:"name"`
	Phone            string `json:"phone"`
	Email            string `json:"email"`
	ProviderCustomer string `json:"provider_customer"`
	Autopay          bool   `json:"autopay"`
}

func (c createCustomerReq) Validate() error {
	if c.AccountNumber == "" || c.Name == "" {
		return errors.New("account_number and name are required")
	}
	return nil
}

func (h *CustomerHandler) create(w http.ResponseWriter, r *http.Request) error {
	req, err := httpx.DecodeValid[createCustomerReq](r)
	if err != nil {
		return err
	}
	c, created, err := h.svc.CreateCustomer(r.Context(), accounts.NewCustomer(req))
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return httpx.JSON(w, status, c)
}

type attachCardReq struct {
	PaymentMethod string `json:"payment_method"`
	Default       bool   `json:"default"`
}

func (a attachCardReq) Validate() error {
	if a.PaymentMethod == "" {
		return errors.New("payment_method is required")
	}
	return nil
}

func (h *CustomerHandler) attachCard(w http.ResponseWriter, r *http.Request) error {
	req, err := httpx.DecodeValid[attachCardReq](r)
	if err != nil {
		return err
	}
	pm, err := h.svc.AttachPaymentMethod(r.Context(), chi.URLParam(r, "customerID"), req.PaymentMethod, req.Default)
	if errors.Is(err, accounts.ErrCardMismatch) {
		return httpx.BadRequest("%s", err.Error())
	}
	if err != nil {
		return err
	}
	return httpx.JSON(w, http.StatusOK, pm)
}

type creditReq struct {
	AmountCents int64  `json:"amount_cents"`
	Memo        string `json:"memo"`
}

func (c creditReq) Validate() error {
	if c.AmountCents <= 0 || c.AmountCents > 500_00 {
		return errors.New("amount_cents must be between 1 and 50000")
	}
	if c.Memo == "" {
		return errors.New("memo is required")
	}
	return nil
}

func (h *CustomerHandler) issueCredit(w http.ResponseWriter, r *http.Request) error {
	req, err := httpx.DecodeValid[creditReq](r)
	if err != nil {
		return err
	}
	entry, err := h.svc.IssueCredit(r.Context(), accounts.Credit{
		CustomerID:  chi.URLParam(r, "customerID"),
		AmountCents: req.AmountCents,
		Memo:        req.Memo,
		Actor:       httpx.Actor(r),
	})
	if err != nil {
		return err
	}
	return httpx.JSON(w, http.StatusCreated, entry)
}
