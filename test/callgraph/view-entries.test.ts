// Class-based views: `as_view()` hands the class to Django / DRF / Flask, which dispatch each
// request to its methods; the modules defining them are entries whose view methods run. Classes
// with other bases, and projects using none of these frameworks, add nothing.
import { afterAll, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { target, tempGraphs } from "./helpers.ts";

const temp = tempGraphs("reachd-views-");
afterAll(temp.cleanup);

const project = temp.graph;

const views = [
  "from django.views import View",
  "from rest_framework import viewsets",
  "from .cache import LocalCache",
  "from .render import render",
  "",
  "class PostView(View):",
  "    def post(self, request):",
  "        return render(request.body)",
  "",
  "class ReportViewSet(viewsets.ModelViewSet):",
  "    def list(self, request):",
  "        return render('x')",
  "",
  "def helper():",
  "    return LocalCache().get('k')",
].join("\n");

const files: Record<string, string> = {
  "shop/__init__.py": "",
  "shop/views.py": views,
  "shop/render.py": "import yaml\n\ndef render(body):\n    return yaml.load(body)\n",
  // Another package base with a get(): not a view, so it is no entry.
  "shop/cache.py": "import cachelib\n\nclass LocalCache(cachelib.BaseCache):\n    def get(self, key):\n        import pickle\n        return pickle.loads(key)\n",
  "shop/urls.py": "from django.urls import path\nfrom . import views\nurlpatterns = [path('p/', views.PostView.as_view())]\n",
};

test("view classes' methods are entry nodes; other classes and module functions are not", async () => {
  const g = await project(files);
  const entry = g.entries.find((e) => e.kind === "views")!;
  expect(entry.label).toBe("shop/views.py:views");
  expect(entry.reason).toBe("class-based views (PostView, ReportViewSet): the framework dispatches requests to their methods");
  expect(entry.nodes).toEqual(["shop/views.py#<module>", "shop/views.py#PostView.post", "shop/views.py#ReportViewSet.list"]);
  expect(g.entries.some((e) => e.file === "shop/cache.py")).toBe(false);
  const r = reach(g, target("PyPI", "pyyaml", [{ path: "yaml", symbols: ["load"] }]));
  expect(r.level).toBe("function");
  expect(r.paths).toEqual([
    ["shop/views.py:views", "shop/views.py:8", "shop/render.py:4", "yaml.load"],
    ["shop/views.py:views", "shop/views.py:12", "shop/render.py:4", "yaml.load"],
  ]);
  // LocalCache.get is a method nothing calls (helper() is never called): pickle stays unreached.
  expect(reach(g, target("PyPI", "pickle-lib", [{ path: "pickle", symbols: ["loads"] }])).level).toBe("none");
});

test("without Django, DRF or Flask a class named like a view is no entry", async () => {
  const g = await project({
    "ui/__init__.py": "",
    "ui/tree.py": "from qtpy.QtWidgets import QTreeView\n\nclass FileTreeView(QTreeView):\n    def refresh(self):\n        return 1\n",
  });
  expect(g.entries.filter((e) => e.kind === "views")).toEqual([]);
});

test("Django wiring by settings and convention: MIDDLEWARE classes run (their methods), template tag libraries and admin modules are imported", async () => {
  const g = await project({
    "site/__init__.py": "",
    "site/settings.py": 'INSTALLED_APPS = ["django.contrib.admin", "shop"]\nMIDDLEWARE = [\n    "django.middleware.common.CommonMiddleware",\n    "shop.middleware.TokenMiddleware",\n]\n',
    "shop/__init__.py": "",
    "shop/middleware.py": "import jwt\n\nclass TokenMiddleware:\n    def __init__(self, get_response):\n        self.get_response = get_response\n\n    def __call__(self, request):\n        request.claims = jwt.decode(request.headers['t'], 'k')\n        return self.get_response(request)\n\ndef unused():\n    pass\n",
    "shop/templatetags/__init__.py": "",
    "shop/templatetags/shop_tags.py": "from django import template\n\nregister = template.Library()\n",
    "shop/admin.py": "from django.contrib import admin\n",
  });
  const byFile = new Map(g.entries.map((e) => [e.file, e]));
  expect(byFile.get("shop/middleware.py")!.kind).toBe("middleware");
  expect(byFile.get("shop/middleware.py")!.nodes.some((n) => n.endsWith("TokenMiddleware.__call__"))).toBe(true);
  expect(byFile.get("shop/middleware.py")!.nodes.some((n) => n.endsWith("unused"))).toBe(false);
  expect(byFile.get("shop/templatetags/shop_tags.py")!.kind).toBe("templatetags");
  expect(byFile.get("shop/admin.py")!.kind).toBe("admin");
  expect(byFile.has("shop/templatetags/__init__.py")).toBe(false);
});
