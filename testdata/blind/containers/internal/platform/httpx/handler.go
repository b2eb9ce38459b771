package httpx

import "net/http"

// Handle adapts a JSON-in/JSON-out call to an http.HandlerFunc. In is
// decoded from the body (skipped for struct{}), the result is written with
// status.
func Handle[In, Out any](status int, call func(r *http.Request, in In) (Out, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in In
		if _, empty := any(in).(struct{}); !empty {
			if err := Decode(r, &in); err != nil {
				Fail(w, r, err)
				return
			}
		}
		out, err := call(r, in)
		if err != nil {
			Fail(w, r, err)
			return
		}
		JSON(w, status, out)
	}
}
