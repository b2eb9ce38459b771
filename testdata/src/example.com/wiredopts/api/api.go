// Package api serves the servers' routes.
package api

import (
	"net/http"

	"example.com/wiredopts/servers"
)

// Handlers serve the routes.
type Handlers struct{ Servers *servers.Service }

// Snapshot snapshots a server.
func (h *Handlers) Snapshot(w http.ResponseWriter, r *http.Request) {
	h.Servers.Snapshot(r.Context(), r.PathValue("id"), r.FormValue("label"))
}

// SnapshotKeyed snapshots a server under the snapshot's key.
func (h *Handlers) SnapshotKeyed(w http.ResponseWriter, r *http.Request) {
	h.Servers.SnapshotKeyed(r.Context(), r.PathValue("id"), r.FormValue("label"))
}

// Volume gives a server a volume.
func (h *Handlers) Volume(w http.ResponseWriter, r *http.Request) {
	h.Servers.Volume(r.Context(), r.PathValue("id"))
}

// License licenses a server.
func (h *Handlers) License(w http.ResponseWriter, r *http.Request) {
	h.Servers.License(r.Context(), r.PathValue("id"), r.FormValue("product"))
}
