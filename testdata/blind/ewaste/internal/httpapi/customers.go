package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/circuitback/buyback/internal/service"
)

type customerHandlers struct {
	customers CustomerAPI
	tradeIns  TradeInAPI
}

type payoutMethodResponse struct {
	ID        string `json:"id"`
	BankLast4 string `json:"bank_last4"`
	Status    string `json:"status"`
	IsDefault bool   `json:"is_default"`
}

// addPayoutMethod handles POST /v1/customers/:id/payout-methods.
func (h *customerHandlers) addPayoutMethod(c echo.Context) error {
	customerID, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	in, err := bind[service.BankAccountInput](c)
	if err != nil {
		return err
	}
	pm, err := h.customers.AddPayoutMethod(c.Request().Context(), customerID, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, payoutMethodResponse{
		ID: pm.ID.String(), BankLast4: pm.BankLast4, Status: pm.Status, IsDefault: pm.IsDefault,
	})
}

// getTradeIn handles GET /v1/trade-ins/:id.
func (h *customerHandlers) getTradeIn(c echo.Context) error {
	id, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	ti, err := h.tradeIns.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, ti)
}

type offerResponseRequest struct {
	Decision string `json:"decision"`
}

// respondToOffer handles POST /v1/trade-ins/:id/offer-response.
func (h *customerHandlers) respondToOffer(c echo.Context) error {
	id, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	req, err := bind[offerResponseRequest](c)
	if err != nil {
		return err
	}
	ti, err := h.tradeIns.RespondToOffer(c.Request().Context(), id, req.Decision)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, ti)
}
