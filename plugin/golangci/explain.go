package golangci

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/idemlint/idemlint/internal/config"
)

// explain finds the first key of settings that config.Config has no
// field for, or the first value of the wrong kind, and describes it with
// its place in the settings, e.g. "unknown key sinks[0].fnc" or
// "sinks[0].arg: want an integer, not the string \"one\"". encoding/json,
// which decides what is accepted, names an unknown key without its place
// and a mistyped value by Go type names of this module. explain returns ""
// when it finds nothing wrong.
//
// Unknown keys read "unknown key NAME", as config.Parse reports them in
// .idemlint.yml.
func explain(settings any) string {
	// Normalise to what encoding/json sees: maps with string keys,
	// []any, float64, string, bool and nil.
	data, err := json.Marshal(settings)
	if err != nil {
		return ""
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return ""
	}
	return walk(reflect.TypeFor[config.Config](), v, "")
}

// walk checks v against the type t a value at path decodes into.
func walk(t reflect.Type, v any, path string) string {
	if v == nil {
		return "" // null leaves the zero value
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return mistyped(t, v, path)
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			f, ok := fieldFor(t, k)
			if !ok {
				return "unknown key " + join(path, k)
			}
			if msg := walk(f.Type, m[k], join(path, k)); msg != "" {
				return msg
			}
		}
	case reflect.Slice:
		list, ok := v.([]any)
		if !ok {
			return mistyped(t, v, path)
		}
		for i, e := range list {
			if msg := walk(t.Elem(), e, fmt.Sprintf("%s[%d]", path, i)); msg != "" {
				return msg
			}
		}
	case reflect.String:
		if _, ok := v.(string); !ok {
			return mistyped(t, v, path)
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return mistyped(t, v, path)
		}
	case reflect.Int:
		n, ok := v.(json.Number)
		if !ok {
			return mistyped(t, v, path)
		}
		if _, err := strconv.ParseInt(n.String(), 10, strconv.IntSize); err != nil {
			return mistyped(t, v, path)
		}
	}
	return ""
}

// fieldFor finds the field of struct type t that the JSON key k decodes
// into. Like encoding/json, it prefers an exact match of the name and
// accepts one that differs only in case.
func fieldFor(t reflect.Type, k string) (reflect.StructField, bool) {
	var folded *reflect.StructField
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" || !f.IsExported() {
			continue
		}
		if name == k {
			return f, true
		}
		if folded == nil && strings.EqualFold(name, k) {
			folded = &f
		}
	}
	if folded != nil {
		return *folded, true
	}
	return reflect.StructField{}, false
}

// mistyped describes a value of the wrong kind.
func mistyped(t reflect.Type, v any, path string) string {
	msg := fmt.Sprintf("want %s, not %s", want(t), describe(v))
	if path == "" {
		return msg
	}
	return path + ": " + msg
}

// want names, for users, what a value of type t is written as.
func want(t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		return "a mapping"
	case reflect.Slice:
		elem := t.Elem()
		if elem.Kind() == reflect.Struct {
			return "a list of mappings"
		}
		return "a list of " + strings.TrimPrefix(strings.TrimPrefix(want(elem), "a "), "an ") + "s"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int:
		return "an integer"
	}
	return t.String()
}

// describe names a decoded JSON value.
func describe(v any) string {
	switch v := v.(type) {
	case map[string]any:
		return "a mapping"
	case []any:
		return "a list"
	case string:
		return fmt.Sprintf("the string %q", v)
	case json.Number:
		return "the number " + v.String()
	case bool:
		return fmt.Sprintf("%t", v)
	}
	return fmt.Sprintf("%v", v)
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
