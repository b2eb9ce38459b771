package httpapi

import (
	"net/http"

	"github.com/ironbridge-leasing/railcars/internal/platform/httpx"
	"github.com/ironbridge-leasing/railcars/internal/service"
)

func (s *Server) createLease(w http.ResponseWriter, r *http.Request) error {
	var in service.CreateLeaseInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	l, err := s.Leases.CreateLease(r.Context(), httpx.IdempotencyKey(r), in)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusCreated, l)
	return nil
}

func (s *Server) getLease(w http.ResponseWriter, r *http.Request) error {
	l, err := s.Leases.Get(r.Context(), vars(r, "leaseID"))
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, l)
	return nil
}

type addCarsRequest struct {
	CarMarks []string `json:"car_marks"`
}

func (s *Server) addCars(w http.ResponseWriter, r *http.Request) error {
	var in addCarsRequest
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	cars, err := s.Leases.AddCars(r.Context(), vars(r, "leaseID"), in.CarMarks)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"cars": cars})
	return nil
}

func (s *Server) activateLease(w http.ResponseWriter, r *http.Request) error {
	l, err := s.Leases.Activate(r.Context(), vars(r, "leaseID"))
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, l)
	return nil
}
