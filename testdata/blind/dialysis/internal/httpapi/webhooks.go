package httpapi

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/renalnet/dialysis-ops/internal/partners/clearinghouse"
	"github.com/renalnet/dialysis-ops/internal/partners/distributor"
	"github.com/renalnet/dialysis-ops/internal/partners/nemt"
)

const maxWebhookBody = 2 << 20

// readSigned reads the body and checks the partner signature. It writes the
// response and returns false if the request must not be processed.
func readSigned(c *gin.Context, v WebhookVerifier, header string) ([]byte, bool) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		badRequest(c, err)
		return nil, false
	}
	if !v.VerifyWebhook(body, c.GetHeader(header)) {
		c.AbortWithStatusJSON(http.StatusUnauthorized, errorBody{Error: "bad signature"})
		return nil, false
	}
	return body, true
}

// POST /webhooks/clearinghouse/era
//
// The clearinghouse resends a delivery until it gets a 2xx, with the same
// delivery_id.
func (a *API) clearinghouseERA(c *gin.Context) {
	body, ok := readSigned(c, a.ClearinghouseHooks, "X-Clearinghouse-Signature")
	if !ok {
		return
	}
	var n clearinghouse.RemittanceNotice
	if err := json.Unmarshal(body, &n); err != nil {
		badRequest(c, err)
		return
	}
	if err := a.Billing.PostRemittance(c.Request.Context(), n); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// POST /webhooks/distributor/shipments
func (a *API) distributorShipment(c *gin.Context) {
	body, ok := readSigned(c, a.DistributorHooks, "X-Signature")
	if !ok {
		return
	}
	var n distributor.ShipmentNotice
	if err := json.Unmarshal(body, &n); err != nil {
		badRequest(c, err)
		return
	}
	if err := a.Supply.ApplyShipmentNotice(c.Request.Context(), n); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// POST /webhooks/nemt/rides
func (a *API) nemtRideStatus(c *gin.Context) {
	body, ok := readSigned(c, a.NEMTHooks, "X-NEMT-Signature")
	if !ok {
		return
	}
	var ev nemt.StatusEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		badRequest(c, err)
		return
	}
	if ev.EventID == "" {
		c.AbortWithStatusJSON(http.StatusUnprocessableEntity, errorBody{Error: "event_id is required"})
		return
	}
	if err := a.Transport.ApplyPartnerEvent(c.Request.Context(), ev, body); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
