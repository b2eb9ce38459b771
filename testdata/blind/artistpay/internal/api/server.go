// Package api is the artist portal, partner and back-office HTTP API.
package api

import (
	"errors"
	"net/http"

	"github.com/google/wire"
	"github.com/labstack/echo/v4"
	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/advances"
	"github.com/soundledger/artistpay/internal/ingest"
	"github.com/soundledger/artistpay/internal/ledger"
	"github.com/soundledger/artistpay/internal/payouts"
	"github.com/soundledger/artistpay/internal/platform/httpx"
	"github.com/soundledger/artistpay/internal/royalties"
)

// ProviderSet wires the API server.
var ProviderSet = wire.NewSet(wire.Struct(new(Handlers), "*"), httpx.NewKeyStore, NewServer)

// Handlers groups the services the API calls.
type Handlers struct {
	DB          *gorm.DB
	Ingest      *ingest.Service
	Splits      *royalties.Splits
	Periods     *royalties.Periods
	Advances    *advances.Service
	Withdrawals *payouts.Withdrawals
	Accounts    *payouts.Accounts
	Instant     *payouts.Instant
	TaxForms    TaxForms
	Adjustments *ledger.Adjustments
	Ledger      *ledger.Ledger
	Keys        httpx.KeyStore
}

// Server is the configured echo instance.
type Server struct {
	*echo.Echo
}

// NewServer registers every route.
func NewServer(h *Handlers) *Server {
	e := httpx.NewEcho(mapDomainErrors)
	e.GET("/healthz", func(c echo.Context) error { return c.String(http.StatusOK, "ok") })

	partner := e.Group("/partner/v1", httpx.StoreAuth(h.DB))
	partner.POST("/usage-reports", h.uploadUsageReport)

	artist := e.Group("/v1/artists/:artist", httpx.ArtistAuth())
	artist.GET("/balance", h.getBalance)
	artist.POST("/withdrawals", h.requestWithdrawal)
	artist.GET("/payout-accounts", h.listPayoutAccounts)
	artist.POST("/payout-accounts", h.linkPayoutAccount)
	artist.POST("/instant-payouts", h.instantPayout)
	artist.POST("/tax-forms", h.requestTaxForm)

	catalog := e.Group("/v1/releases", httpx.StaffAuth("catalog"))
	catalog.PUT("/:release/splits", h.replaceSplits)

	admin := e.Group("/v1/admin")
	admin.POST("/artists/:artist/advances", h.grantAdvance, httpx.StaffAuth("a_and_r"))
	admin.POST("/adjustments", h.createAdjustment, httpx.StaffAuth("finance"), httpx.Idempotent(h.Keys, "admin-adjustments"))
	admin.POST("/periods/:period/close", h.closePeriod, httpx.StaffAuth("finance"))

	return &Server{Echo: e}
}

func mapDomainErrors(err error) (int, bool) {
	switch {
	case errors.Is(err, payouts.ErrInsufficient), errors.Is(err, ledger.ErrInsufficientFunds):
		return http.StatusConflict, true
	case errors.Is(err, payouts.ErrBelowMinimum),
		errors.Is(err, payouts.ErrKeyReused),
		errors.Is(err, royalties.ErrInvalidSplits),
		errors.Is(err, advances.ErrInvalidAdvance):
		return http.StatusUnprocessableEntity, true
	case errors.Is(err, payouts.ErrAccountNotFound):
		return http.StatusPreconditionFailed, true
	case errors.Is(err, ingest.ErrUnknownStore):
		return http.StatusForbidden, true
	}
	return 0, false
}
