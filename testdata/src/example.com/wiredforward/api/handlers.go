package api

import (
	"net/http"

	"example.com/wiredforward/app"
)

// Handlers serve the commands.
type Handlers struct{ Cmds Commands }

// Book books the room the form names.
func (h *Handlers) Book(w http.ResponseWriter, r *http.Request) {
	err := h.Cmds.Book.Handle(r.Context(), app.Book{Input: app.BookInput{Room: r.FormValue("room"), Guest: r.FormValue("guest")}})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Cancel cancels the booking the form names.
func (h *Handlers) Cancel(w http.ResponseWriter, r *http.Request) {
	err := h.Cmds.Cancel.Handle(r.Context(), app.Cancel{ID: r.FormValue("id")})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Hold holds the room the form names.
func (h *Handlers) Hold(w http.ResponseWriter, r *http.Request) {
	err := h.Cmds.Hold.Handle(r.Context(), app.Hold{Room: r.FormValue("room"), Guest: r.FormValue("guest")})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Swap holds the room for the guest the form names.
func (h *Handlers) Swap(w http.ResponseWriter, r *http.Request) {
	err := h.Cmds.Swap.Handle(r.Context(), app.Swap{Room: r.FormValue("room"), NewGuest: r.FormValue("guest")})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Move moves the guest the form names.
func (h *Handlers) Move(w http.ResponseWriter, r *http.Request) {
	err := h.Cmds.Move.Handle(r.Context(), app.Move{Room: r.FormValue("room"), Guest: r.FormValue("guest")})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
