package airline

import (
	"encoding/json"
	"io"
	"net/http"
)

func decode(resp *http.Response, out any) error {
	return json.NewDecoder(io.LimitReader(resp.Body, 1<<16)).Decode(out)
}
