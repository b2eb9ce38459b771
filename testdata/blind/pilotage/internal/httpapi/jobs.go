package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/rs/xid"

	"github.com/harbourline-systems/pilotage/internal/db"
	"github.com/harbourline-systems/pilotage/internal/jobs"
)

// JobRequests is the agents' side of pilotage jobs.
type JobRequests interface {
	Create(ctx context.Context, in jobs.NewRequest) (db.PilotageJob, error)
}

type Dispatcher interface {
	Dispatch(ctx context.Context, jobID, pilotID string) (db.PilotageJob, error)
}

type Canceller interface {
	Cancel(ctx context.Context, jobID, reason string) (db.PilotageJob, error)
}

type StandingOrders interface {
	Put(ctx context.Context, o db.UpsertStandingOrderParams) error
}

type JobHandlers struct {
	requests   JobRequests
	dispatcher Dispatcher
	canceller  Canceller
	standing   StandingOrders
}

func NewJobHandlers(r JobRequests, d Dispatcher, c Canceller, so StandingOrders) *JobHandlers {
	return &JobHandlers{requests: r, dispatcher: d, canceller: c, standing: so}
}

func (h *JobHandlers) Routes() []Route {
	return []Route{
		{http.MethodPost, "/v1/pilotage-jobs", h.create},
		{http.MethodPost, "/v1/pilotage-jobs/:id/dispatch", h.dispatch},
		{http.MethodPost, "/v1/pilotage-jobs/:id/cancel", h.cancel},
		{http.MethodPut, "/v1/agents/:agentID/standing-orders/:imo", h.putStandingOrder},
	}
}

type jobRequestBody struct {
	AgentID      string    `json:"agent_id"`
	VesselIMO    string    `json:"vessel_imo"`
	VesselName   string    `json:"vessel_name"`
	GrossTonnage int32     `json:"gross_tonnage"`
	Movement     string    `json:"movement"`
	Berth        string    `json:"berth"`
	ScheduledAt  time.Time `json:"scheduled_at"`
}

func (b jobRequestBody) toRequest() jobs.NewRequest {
	return jobs.NewRequest{
		AgentID:      b.AgentID,
		VesselIMO:    b.VesselIMO,
		VesselName:   b.VesselName,
		GrossTonnage: b.GrossTonnage,
		Movement:     b.Movement,
		Berth:        b.Berth,
		ScheduledAt:  b.ScheduledAt,
	}
}

// create is the original booking endpoint used by agents' port-call
// systems. The job id is minted here so it can go in the Location header.
func (h *JobHandlers) create(c echo.Context) error {
	var body jobRequestBody
	if err := c.Bind(&body); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	req := body.toRequest()
	req.ID = xid.New().String()

	job, err := h.requests.Create(c.Request().Context(), req)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/pilotage-jobs/"+job.ID)
	return c.JSON(http.StatusCreated, job)
}

type dispatchBody struct {
	PilotID string `json:"pilot_id"`
}

func (h *JobHandlers) dispatch(c echo.Context) error {
	var body dispatchBody
	if err := c.Bind(&body); err != nil || body.PilotID == "" {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	job, err := h.dispatcher.Dispatch(c.Request().Context(), c.Param("id"), body.PilotID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, job)
}

type cancelBody struct {
	Reason string `json:"reason"`
}

func (h *JobHandlers) cancel(c echo.Context) error {
	var body cancelBody
	if err := c.Bind(&body); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if body.Reason == "" {
		body.Reason = "cancelled by agent"
	}
	job, err := h.canceller.Cancel(c.Request().Context(), c.Param("id"), body.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, job)
}

func (h *JobHandlers) putStandingOrder(c echo.Context) error {
	var o db.UpsertStandingOrderParams
	if err := c.Bind(&o); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	o.AgentID, o.VesselImo = c.Param("agentID"), c.Param("imo")
	if err := h.standing.Put(c.Request().Context(), o); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
