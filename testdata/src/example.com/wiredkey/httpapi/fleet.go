package httpapi

import (
	"encoding/json"
	"net/http"

	"example.com/wiredkey/fleet"
)

// Fleet's handlers call the fleet service, a concrete type of another
// package, with an input built from the request.
type Fleet struct {
	Svc *fleet.Service
}

type registerRequest struct {
	Plate, Nickname string
}

func (f *Fleet) Register(w http.ResponseWriter, r *http.Request) {
	var req registerRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return
	}
	f.Svc.Register(r.Context(), fleet.RegisterInput{AccountID: r.Header.Get("X-Account"), Plate: req.Plate, Nickname: req.Nickname})
}

func (f *Fleet) TagAll(w http.ResponseWriter, r *http.Request) {
	var req struct{ Tags []fleet.Tag }
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return
	}
	f.Svc.TagAll(r.Context(), fleet.TagInput{VehicleID: r.FormValue("vehicle"), Tags: req.Tags})
}

func (f *Fleet) Temporary(w http.ResponseWriter, r *http.Request) {
	var req registerRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return
	}
	f.Svc.Temporary(r.Context(), fleet.RegisterInput{AccountID: r.Header.Get("X-Account"), Nickname: req.Nickname})
}

func (f *Fleet) Owned(w http.ResponseWriter, r *http.Request) {
	f.Svc.Owned(r.Context(), r.FormValue("account"), r.FormValue("plate"))
}

func (f *Fleet) Opened(w http.ResponseWriter, r *http.Request) {
	f.Svc.Opened(r.Context(), r.FormValue("account"), r.FormValue("plate"))
}

func (f *Fleet) Found(w http.ResponseWriter, r *http.Request) {
	f.Svc.Found(r.Context(), r.FormValue("account"), r.FormValue("plate"))
}

func (f *Fleet) Created(w http.ResponseWriter, r *http.Request) {
	f.Svc.Created(r.Context(), r.FormValue("account"), r.FormValue("plate"))
}

func (f *Fleet) FirstInspection(w http.ResponseWriter, r *http.Request) {
	f.Svc.FirstInspection(r.Context(), r.FormValue("vehicle"))
}

func (f *Fleet) Inspected(w http.ResponseWriter, r *http.Request) {
	f.Svc.Inspected(r.Context(), r.FormValue("vehicle"))
}
