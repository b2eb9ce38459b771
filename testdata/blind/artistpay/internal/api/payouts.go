package api

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/soundledger/artistpay/internal/advances"
	"github.com/soundledger/artistpay/internal/ledger"
	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/payouts"
	"github.com/soundledger/artistpay/internal/platform/httpx"
	"github.com/soundledger/artistpay/internal/platform/result"
	"github.com/soundledger/artistpay/internal/taxforms"
)

// TaxForms is the part of the tax form service the API uses.
type TaxForms interface {
	RequestForm(ctx context.Context, artistID string, taxYear int) (*taxforms.Requested, error)
}

type balanceResponse struct {
	ArtistID        string `json:"artist_id"`
	LedgerMicros    int64  `json:"ledger_micros"`
	AvailableMicros int64  `json:"available_micros"`
}

// getBalance returns the artist's balances.
//
// GET /v1/artists/:artist/balance
func (h *Handlers) getBalance(c echo.Context) error {
	ctx := c.Request().Context()
	id := c.Param("artist")
	r := result.Map(result.Of(h.Ledger.Balance(ctx, id)), func(sum int64) (balanceResponse, error) {
		var bal models.ArtistBalance
		err := h.DB.WithContext(ctx).Where("artist_id = ?", id).Limit(1).Find(&bal).Error
		return balanceResponse{ArtistID: id, LedgerMicros: sum, AvailableMicros: bal.AvailableMicros}, err
	})
	return httpx.Respond(c, http.StatusOK, r)
}

// requestWithdrawal pays part of the artist's balance to their bank.
//
// POST /v1/artists/:artist/withdrawals (Idempotency-Key required)
func (h *Handlers) requestWithdrawal(c echo.Context) error {
	key := c.Request().Header.Get(httpx.HeaderIdempotencyKey)
	if key == "" || len(key) > 200 {
		return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
	}
	in, err := httpx.Bind[payouts.WithdrawalInput](c)
	if err != nil {
		return err
	}
	return httpx.Respond(c, http.StatusAccepted,
		result.Of(h.Withdrawals.Request(c.Request().Context(), c.Param("artist"), key, in)))
}

// listPayoutAccounts lists linked accounts.
//
// GET /v1/artists/:artist/payout-accounts
func (h *Handlers) listPayoutAccounts(c echo.Context) error {
	return httpx.Respond(c, http.StatusOK, result.Of(h.Accounts.List(c.Request().Context(), c.Param("artist"))))
}

// linkPayoutAccount registers a bank account or card.
//
// POST /v1/artists/:artist/payout-accounts
func (h *Handlers) linkPayoutAccount(c echo.Context) error {
	in, err := httpx.Bind[payouts.LinkInput](c)
	if err != nil {
		return err
	}
	return httpx.Respond(c, http.StatusCreated,
		result.Of(h.Accounts.Link(c.Request().Context(), c.Param("artist"), in)))
}

// instantPayout pushes money to the artist's debit card.
//
// POST /v1/artists/:artist/instant-payouts
func (h *Handlers) instantPayout(c echo.Context) error {
	in, err := httpx.Bind[payouts.InstantInput](c)
	if err != nil {
		return err
	}
	return httpx.Respond(c, http.StatusCreated,
		result.Of(h.Instant.Push(c.Request().Context(), c.Param("artist"), in)))
}

type taxFormRequest struct {
	TaxYear int `json:"tax_year"`
}

// requestTaxForm starts tax form collection.
//
// POST /v1/artists/:artist/tax-forms
func (h *Handlers) requestTaxForm(c echo.Context) error {
	in, err := httpx.Bind[taxFormRequest](c)
	if err != nil {
		return err
	}
	return httpx.Respond(c, http.StatusCreated,
		result.Of(h.TaxForms.RequestForm(c.Request().Context(), c.Param("artist"), in.TaxYear)))
}

// grantAdvance records an advance approved by A&R.
//
// POST /v1/admin/artists/:artist/advances
func (h *Handlers) grantAdvance(c echo.Context) error {
	in, err := httpx.Bind[advances.GrantInput](c)
	if err != nil {
		return err
	}
	in.ArtistID = c.Param("artist")
	return httpx.Respond(c, http.StatusCreated,
		result.Of(h.Advances.Grant(c.Request().Context(), httpx.Staff(c), in)))
}

// createAdjustment posts a manual correction to an artist's ledger.
//
// POST /v1/admin/adjustments
func (h *Handlers) createAdjustment(c echo.Context) error {
	in, err := httpx.Bind[ledger.AdjustmentInput](c)
	if err != nil {
		return err
	}
	return httpx.Respond(c, http.StatusCreated,
		result.Of(h.Adjustments.Create(c.Request().Context(), httpx.Staff(c), in)))
}
