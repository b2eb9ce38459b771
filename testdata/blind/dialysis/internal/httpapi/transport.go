package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/renalnet/dialysis-ops/internal/transport"
)

type adHocRideRequest struct {
	RequestID      string    `json:"request_id" binding:"required"`
	SessionDate    string    `json:"session_date" binding:"required"`
	Leg            string    `json:"leg" binding:"required,oneof=to_clinic from_clinic"`
	PickupAt       time.Time `json:"pickup_at" binding:"required"`
	PickupAddress  string    `json:"pickup_address" binding:"required"`
	DropoffAddress string    `json:"dropoff_address" binding:"required"`
}

// POST /v1/patients/:patientID/rides
func (a *API) requestAdHocRide(c *gin.Context) {
	patientID, ok := pathID(c, "patientID")
	if !ok {
		return
	}
	var req adHocRideRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	date, err := time.Parse("2006-01-02", req.SessionDate)
	if err != nil {
		badRequest(c, err)
		return
	}
	ride, err := a.Transport.RequestAdHocRide(c.Request.Context(), transport.AdHocRideInput{
		PatientID:      patientID,
		RequestID:      req.RequestID,
		SessionDate:    date,
		Leg:            req.Leg,
		PickupAt:       req.PickupAt,
		PickupAddress:  req.PickupAddress,
		DropoffAddress: req.DropoffAddress,
		CreatedBy:      staffID(c),
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, ride)
}

type planRidesRequest struct {
	From string `json:"from" binding:"required"`
	To   string `json:"to" binding:"required"`
}

// POST /v1/schedules/:scheduleID/rides
func (a *API) planScheduleRides(c *gin.Context) {
	scheduleID, ok := pathID(c, "scheduleID")
	if !ok {
		return
	}
	var req planRidesRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	from, err := time.Parse("2006-01-02", req.From)
	if err != nil {
		badRequest(c, err)
		return
	}
	to, err := time.Parse("2006-01-02", req.To)
	if err != nil {
		badRequest(c, err)
		return
	}
	if to.Before(from) || to.Sub(from) > 31*24*time.Hour {
		c.AbortWithStatusJSON(http.StatusUnprocessableEntity, errorBody{Error: "window must be 1 to 31 days"})
		return
	}
	rides, err := a.Transport.PlanScheduleRides(c.Request.Context(), scheduleID, from, to, staffID(c))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"rides": rides})
}
