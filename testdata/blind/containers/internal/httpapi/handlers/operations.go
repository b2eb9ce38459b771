package handlers

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/httpx"
	"github.com/quaymark/terminal-ops/internal/service/appointment"
	"github.com/quaymark/terminal-ops/internal/service/vessel"
	"github.com/quaymark/terminal-ops/internal/service/yard"
)

// CreateVesselCall handles POST /v1/vessel-calls. It answers 201 for a new
// call and 200 when the voyage was already scheduled.
func CreateVesselCall(svc VesselService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in vessel.CreateCall
		if err := httpx.Decode(r, &in); err != nil {
			httpx.Fail(w, r, err)
			return
		}
		call, created, err := svc.CreateCall(r.Context(), in)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		status := http.StatusOK
		if created {
			status = http.StatusCreated
		}
		httpx.JSON(w, status, call)
	}
}

// ConfirmBerth handles POST /v1/vessel-calls/{callID}/berth.
func ConfirmBerth(svc VesselService) http.HandlerFunc {
	return httpx.Handle(http.StatusOK, func(r *http.Request, in vessel.BerthConfirmation) (*domain.VesselCall, error) {
		return svc.ConfirmBerth(r.Context(), chi.URLParam(r, "callID"), in)
	})
}

// BookAppointment handles POST /v1/appointments.
func BookAppointment(svc AppointmentService) http.HandlerFunc {
	return httpx.Handle(http.StatusCreated, func(r *http.Request, req appointment.BookRequest) (*domain.TruckAppointment, error) {
		return svc.Book(r.Context(), req)
	})
}

// CancelAppointment handles POST /v1/appointments/{id}/cancel.
func CancelAppointment(svc AppointmentService) http.HandlerFunc {
	return httpx.Handle(http.StatusOK, func(r *http.Request, _ struct{}) (*domain.TruckAppointment, error) {
		return svc.Cancel(r.Context(), chi.URLParam(r, "id"))
	})
}

// AllocateSlot handles POST /v1/yard/allocations.
func AllocateSlot(svc YardService) http.HandlerFunc {
	return httpx.Handle(http.StatusCreated, func(r *http.Request, req yard.AllocateRequest) (*domain.YardAllocation, error) {
		return svc.Allocate(r.Context(), req)
	})
}

// ReleaseAllocation handles POST /v1/yard/allocations/{id}/release.
func ReleaseAllocation(svc YardService) http.HandlerFunc {
	return httpx.Handle(http.StatusOK, func(r *http.Request, _ struct{}) (*domain.YardAllocation, error) {
		return svc.Release(r.Context(), chi.URLParam(r, "id"))
	})
}
