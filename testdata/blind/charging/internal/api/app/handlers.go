// Package app is the driver and fleet-admin mobile app API (API Gateway
// proxy integration, one Lambda behind every /v1 route).
package app

import (
	"context"
	"errors"
	"net/http"

	"github.com/voltway/charging/internal/emsp"
	"github.com/voltway/charging/internal/faults"
	"github.com/voltway/charging/internal/fleet"
	"github.com/voltway/charging/internal/payments"
	"github.com/voltway/charging/internal/platform/apigw"
	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/platform/idemkeys"
	"github.com/voltway/charging/internal/session"
)

// Sessions is the session service as used by the API.
type Sessions interface {
	Start(ctx context.Context, driverID, idemKey, rawBody string, req session.StartRequest) (session.Session, error)
	Stop(ctx context.Context, driverID, sessionID string) (session.Session, error)
}

// Disputes opens session disputes.
type Disputes interface {
	Open(ctx context.Context, driverID, sessionID string, req session.DisputeRequest) (session.Dispute, error)
}

// Fleets is the fleet service as used by the API.
type Fleets interface {
	AddDriver(ctx context.Context, adminID, fleetID string, req fleet.AddDriverRequest) (fleet.Member, error)
	Topup(ctx context.Context, fleetID, clientKey string, req fleet.TopupRequest) (fleet.Topup, error)
}

// FaultReporter records driver fault reports.
type FaultReporter interface {
	Report(ctx context.Context, driverID, stationID string, req faults.ReportRequest) (faults.Report, error)
}

// RoamingStarter queues roaming start commands.
type RoamingStarter interface {
	Request(ctx context.Context, driverID, clientKey string, req emsp.StartRequest) (emsp.Command, error)
}

// Handlers holds the app API's dependencies.
type Handlers struct {
	Sessions Sessions
	Disputes Disputes
	Fleets   Fleets
	Faults   FaultReporter
	Roaming  RoamingStarter
}

// Routes is the app API route table.
func (h *Handlers) Routes() []apigw.Route {
	return []apigw.Route{
		{Method: http.MethodPost, Resource: "/v1/sessions", Handler: h.startSession},
		{Method: http.MethodPost, Resource: "/v1/sessions/{sessionId}/stop", Handler: h.stopSession},
		{Method: http.MethodPost, Resource: "/v1/sessions/{sessionId}/disputes", Handler: h.openDispute},
		{Method: http.MethodPost, Resource: "/v1/fleets/{fleetId}/drivers", Handler: h.addFleetDriver},
		{Method: http.MethodPost, Resource: "/v1/fleets/{fleetId}/topups", Handler: h.topupFleet},
		{Method: http.MethodPost, Resource: "/v1/stations/{stationId}/faults", Handler: h.reportFault},
		{Method: http.MethodPost, Resource: "/v1/roaming/sessions", Handler: h.startRoaming},
	}
}

func requireIdemKey(req apigw.Request) (string, error) {
	k := apigw.Header(req, "Idempotency-Key")
	if k == "" || len(k) > 80 {
		return "", apigw.BadRequest("Idempotency-Key header (1-80 chars) is required")
	}
	return k, nil
}

// mapDomainErr converts service errors to HTTP errors.
func mapDomainErr(err error) error {
	switch {
	case errors.Is(err, dbutil.ErrNotFound):
		return apigw.NotFound(err.Error())
	case errors.Is(err, idemkeys.ErrMismatch):
		return &apigw.HTTPError{Status: http.StatusUnprocessableEntity, Code: "idempotency_mismatch", Message: err.Error()}
	case errors.Is(err, session.ErrNotOwner), errors.Is(err, fleet.ErrForbidden):
		return &apigw.HTTPError{Status: http.StatusForbidden, Code: "forbidden", Message: err.Error()}
	case errors.Is(err, session.ErrNotStoppable), errors.Is(err, session.ErrNotRefundable),
		errors.Is(err, session.ErrStationBusy):
		return apigw.Conflict(err.Error())
	case errors.Is(err, session.ErrNoPaymentMethod):
		return &apigw.HTTPError{Status: http.StatusPaymentRequired, Code: "no_payment_method", Message: err.Error()}
	case errors.Is(err, payments.ErrCardDeclined):
		return &apigw.HTTPError{Status: http.StatusPaymentRequired, Code: "card_declined", Message: "card declined"}
	}
	return err
}

type sessionView struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	StationID string `json:"station_id"`
	Connector int    `json:"connector_id"`
	HoldCents int64  `json:"hold_cents"`
	Currency  string `json:"currency"`
}

func viewOf(s session.Session) sessionView {
	return sessionView{ID: s.ID, Status: s.Status, StationID: s.StationID, Connector: s.ConnectorID,
		HoldCents: s.HoldAmountCents, Currency: s.Currency}
}

func (h *Handlers) startSession(ctx context.Context, req apigw.Request) (apigw.Response, error) {
	p, err := apigw.PrincipalFrom(req)
	if err != nil {
		return apigw.Response{}, err
	}
	key, err := requireIdemKey(req)
	if err != nil {
		return apigw.Response{}, err
	}
	body, err := apigw.Decode[session.StartRequest](req)
	if err != nil {
		return apigw.Response{}, err
	}
	if body.StationID == "" || body.ConnectorID <= 0 {
		return apigw.Response{}, apigw.BadRequest("station_id and connector_id are required")
	}
	s, err := h.Sessions.Start(ctx, p.DriverID, key, req.Body, body)
	if err != nil {
		return apigw.Response{}, mapDomainErr(err)
	}
	return apigw.JSON(http.StatusCreated, viewOf(s)), nil
}

func (h *Handlers) stopSession(ctx context.Context, req apigw.Request) (apigw.Response, error) {
	p, err := apigw.PrincipalFrom(req)
	if err != nil {
		return apigw.Response{}, err
	}
	id, err := apigw.PathParam(req, "sessionId")
	if err != nil {
		return apigw.Response{}, err
	}
	s, err := h.Sessions.Stop(ctx, p.DriverID, id)
	if err != nil {
		return apigw.Response{}, mapDomainErr(err)
	}
	return apigw.JSON(http.StatusAccepted, viewOf(s)), nil
}

func (h *Handlers) openDispute(ctx context.Context, req apigw.Request) (apigw.Response, error) {
	p, err := apigw.PrincipalFrom(req)
	if err != nil {
		return apigw.Response{}, err
	}
	id, err := apigw.PathParam(req, "sessionId")
	if err != nil {
		return apigw.Response{}, err
	}
	body, err := apigw.Decode[session.DisputeRequest](req)
	if err != nil {
		return apigw.Response{}, err
	}
	d, err := h.Disputes.Open(ctx, p.DriverID, id, body)
	if err != nil {
		return apigw.Response{}, mapDomainErr(err)
	}
	return apigw.JSON(http.StatusCreated, d), nil
}

func (h *Handlers) addFleetDriver(ctx context.Context, req apigw.Request) (apigw.Response, error) {
	p, err := apigw.PrincipalFrom(req)
	if err != nil {
		return apigw.Response{}, err
	}
	fleetID, err := apigw.PathParam(req, "fleetId")
	if err != nil {
		return apigw.Response{}, err
	}
	if p.FleetID != fleetID || p.Scope != "fleet:admin" {
		return apigw.Response{}, mapDomainErr(fleet.ErrForbidden)
	}
	body, err := apigw.Decode[fleet.AddDriverRequest](req)
	if err != nil {
		return apigw.Response{}, err
	}
	if body.DriverID == "" {
		return apigw.Response{}, apigw.BadRequest("driver_id is required")
	}
	m, err := h.Fleets.AddDriver(ctx, p.DriverID, fleetID, body)
	if err != nil {
		return apigw.Response{}, mapDomainErr(err)
	}
	return apigw.JSON(http.StatusCreated, map[string]any{
		"fleet_id": m.FleetID, "driver_id": m.DriverID, "role": m.Role,
	}), nil
}

func (h *Handlers) topupFleet(ctx context.Context, req apigw.Request) (apigw.Response, error) {
	p, err := apigw.PrincipalFrom(req)
	if err != nil {
		return apigw.Response{}, err
	}
	fleetID, err := apigw.PathParam(req, "fleetId")
	if err != nil {
		return apigw.Response{}, err
	}
	if p.FleetID != fleetID || p.Scope != "fleet:admin" {
		return apigw.Response{}, mapDomainErr(fleet.ErrForbidden)
	}
	key, err := requireIdemKey(req)
	if err != nil {
		return apigw.Response{}, err
	}
	body, err := apigw.Decode[fleet.TopupRequest](req)
	if err != nil {
		return apigw.Response{}, err
	}
	if body.AmountCents < 1000 || body.AmountCents > 5_000_000 {
		return apigw.Response{}, apigw.BadRequest("amount_cents out of range")
	}
	t, err := h.Fleets.Topup(ctx, fleetID, key, body)
	if err != nil {
		return apigw.Response{}, mapDomainErr(err)
	}
	return apigw.JSON(http.StatusOK, map[string]any{
		"id": t.ID, "status": t.Status, "amount_cents": t.AmountCents,
	}), nil
}

func (h *Handlers) reportFault(ctx context.Context, req apigw.Request) (apigw.Response, error) {
	p, err := apigw.PrincipalFrom(req)
	if err != nil {
		return apigw.Response{}, err
	}
	stationID, err := apigw.PathParam(req, "stationId")
	if err != nil {
		return apigw.Response{}, err
	}
	body, err := apigw.Decode[faults.ReportRequest](req)
	if err != nil {
		return apigw.Response{}, err
	}
	if body.Category == "" {
		return apigw.Response{}, apigw.BadRequest("category is required")
	}
	rep, err := h.Faults.Report(ctx, p.DriverID, stationID, body)
	if err != nil {
		return apigw.Response{}, mapDomainErr(err)
	}
	return apigw.JSON(http.StatusCreated, map[string]string{"report_id": rep.ID}), nil
}

func (h *Handlers) startRoaming(ctx context.Context, req apigw.Request) (apigw.Response, error) {
	p, err := apigw.PrincipalFrom(req)
	if err != nil {
		return apigw.Response{}, err
	}
	key, err := requireIdemKey(req)
	if err != nil {
		return apigw.Response{}, err
	}
	body, err := apigw.Decode[emsp.StartRequest](req)
	if err != nil {
		return apigw.Response{}, err
	}
	if body.PartnerID == "" || body.LocationID == "" {
		return apigw.Response{}, apigw.BadRequest("partner_id and location_id are required")
	}
	c, err := h.Roaming.Request(ctx, p.DriverID, key, body)
	if err != nil {
		return apigw.Response{}, mapDomainErr(err)
	}
	return apigw.JSON(http.StatusAccepted, map[string]string{"command_id": c.ID, "status": c.Status}), nil
}
